import type { Sequelize } from 'sequelize';

/** One key to count in a fixed window of the `rate_limits` table (rate-limiter-flexible's layout and key names). */
export interface PairedCount {
  /** The stored key, prefix included (`assay:key:key:…`). */
  readonly key: string;
  readonly points: number;
  readonly durationSeconds: number;
}

/** What the window of one key holds after counting: the requests counted in it and when it ends (epoch ms). */
export interface CountedWindow {
  readonly consumed: number;
  readonly expiresAt: number;
}

interface PgConnection {
  query(query: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * rate-limiter-flexible's upsert of one key, from `source` (key, 1, expire): a new window when the old one ended, else
 * one more request. $5 is now (epoch ms).
 */
const upsert = (source: string, expire: string) =>
  `INSERT INTO rate_limits ${source} ON CONFLICT(key) DO UPDATE SET
     points = CASE WHEN rate_limits.expire <= $5::bigint THEN 1 ELSE rate_limits.points + 1 END,
     expire = CASE WHEN rate_limits.expire <= $5::bigint THEN ${expire} ELSE rate_limits.expire END
     RETURNING points, expire`;

/** $1, $2: the first key and its new window's end; $3, $4: the second's; $6: the first's limit. */
const FIRST_UPSERT = upsert('VALUES ($1::varchar, 1, $2::bigint)', '$2::bigint');
const SECOND_UPSERT = upsert(
  'SELECT $3::varchar, 1, $4::bigint FROM first WHERE first.points <= $6::int',
  '$4::bigint',
);
const PAIR = `WITH first AS (${FIRST_UPSERT}),
    second AS (${SECOND_UPSERT})
  SELECT first.points AS "firstPoints", first.expire AS "firstExpire",
         second.points AS "secondPoints", second.expire AS "secondExpire"
    FROM first LEFT JOIN second ON true`;

/**
 * Counts a request against `first`, and against `second` only when `first` allowed it, in one statement (one round
 * trip instead of two; every authenticated request on PostgreSQL pays it). The same rows and arithmetic as
 * rate-limiter-flexible's own upsert, so both read and write each other's windows. `second` is null when not counted.
 */
export async function countPair(
  sequelize: Sequelize,
  first: PairedCount,
  second: PairedCount,
): Promise<{ first: CountedWindow; second: CountedWindow | null }> {
  const now = Date.now();
  const values = [
    first.key,
    now + first.durationSeconds * 1000,
    second.key,
    now + second.durationSeconds * 1000,
    now,
    first.points,
  ];
  const manager = sequelize.connectionManager as unknown as {
    getConnection(): Promise<PgConnection>;
    releaseConnection(connection: PgConnection): Promise<void> | void;
  };
  const connection = await manager.getConnection();
  try {
    const { rows } = await connection.query({ name: 'assay-rate-pair', text: PAIR, values });
    const [row] = rows;
    return {
      first: { consumed: Number(row.firstPoints), expiresAt: Number(row.firstExpire) },
      second:
        row.secondPoints === null ? null : { consumed: Number(row.secondPoints), expiresAt: Number(row.secondExpire) },
    };
  } finally {
    await manager.releaseConnection(connection);
  }
}
