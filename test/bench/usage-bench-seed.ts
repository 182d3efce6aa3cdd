import type { DatabaseHandle } from '../../adapters/sequelize/support/database.ts';
import type { ApiClient } from '../support/api-client.ts';

/** Models the seeded turns name, and versions their sessions run: the rollups hold days × versions × models rows. */
export const MODELS = ['gpt-4o', 'gpt-4o-mini', 'claude-sonnet', 'claude-haiku', 'llama-70b'];
export const VERSIONS = 10;
export const DAYS = 30;

/** One organization's seeded place: its product and versions, and a template session and turn made through the API. */
export interface SeedPlace {
  readonly tag: string;
  readonly organizationId: string;
  readonly versionIds: readonly string[];
  readonly sessionId: string;
  readonly turnId: string;
}

const ok = async (answer: Promise<{ status: number; body: any }>) => {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${status} ${JSON.stringify(body)}`);
  return body;
};

/** A product with its versions, one session and one priced turn, made through the API like any client would. */
export async function placeFor(owner: ApiClient, organizationId: string, tag: string): Promise<SeedPlace> {
  const product = await ok(owner.post('/products', { name: `Usage ${tag}` }));
  const versionIds: string[] = [];
  for (let index = 0; index < VERSIONS; index++)
    versionIds.push((await ok(owner.post('/versions', { productId: product.id, name: `v${index}` }))).id);
  const session = await ok(owner.post('/sessions', { versionId: versionIds[0] }));
  const turn = await ok(
    owner.post('/inferenceResults', {
      sessionId: session.id,
      input: 'q',
      output: 'a',
      model: MODELS[0],
      inputTokens: 100,
      outputTokens: 20,
      cost: 0.0006,
    }),
  );
  return { tag, organizationId, versionIds, sessionId: session.id, turnId: turn.id };
}

/** Every column of a table, copied from the template row unless `overrides` gives its expression. */
async function copyList(handle: DatabaseHandle, table: string, overrides: Record<string, string>): Promise<string> {
  const columns = Object.keys(await handle.sequelize.getQueryInterface().describeTable(table));
  return columns.map((column) => overrides[column] ?? `t.${column}`).join(', ');
}

/** Inserts `count` copies of a template row, one statement, each row's values written from its index `i`. */
async function insertCopies(
  handle: DatabaseHandle,
  table: string,
  templateId: string,
  count: number,
  overrides: Record<string, string>,
  bind: unknown[],
): Promise<void> {
  const columns = Object.keys(await handle.sequelize.getQueryInterface().describeTable(table)).join(', ');
  const values = await copyList(handle, table, overrides);
  const series =
    handle.dialect === 'postgres'
      ? `SELECT g AS i FROM generate_series(0::bigint, ${count - 1}) g`
      : `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1}) SELECT i FROM n`;
  await handle.sequelize.query(
    `INSERT INTO ${table} (${columns}) SELECT ${values} FROM (${series}) s, ${table} t WHERE t.id = '${templateId}'`,
    { bind },
  );
}

/**
 * Seeds `turns` inference results in bulk SQL: sessions of 150 turns spread over the versions, turns spread over the
 * 30 days from `start` (UTC midnight) and over the models, then the usage rollups those writes would have grown.
 * Turn `i` falls on day `i % 30`, model `(i / 30) % 5` and session `(i / 150) % sessions` (version: session % 10), so
 * from 1,500 turns on every day, version and model meet: 1,500 rollup rows for either organization size.
 */
export async function seedTurns(handle: DatabaseHandle, place: SeedPlace, turns: number, start: Date): Promise<void> {
  const pg = handle.dialect === 'postgres';
  const sessions = Math.max(1, Math.ceil(turns / 150));
  const pick = (list: string, index: string) =>
    pg ? `(${list}::json ->> (${index})::int)` : `json_extract(${list}, '$[' || (${index}) || ']')`;
  const startText = start.toISOString().replace('T', ' ').replace('Z', '');
  const createdAt = pg
    ? `($2::timestamptz + make_interval(days => (s.i % ${DAYS})::int, secs => ((s.i * 7919) % 86400)::int))`
    : `(strftime('%Y-%m-%d %H:%M:%f', $2, '+' || (s.i % ${DAYS}) || ' days', '+' || ((s.i * 7919) % 86400) || ' seconds') || ' +00:00')`;
  await insertCopies(
    handle,
    'sessions',
    place.sessionId,
    sessions,
    { id: `'session_b${place.tag}_' || s.i`, version_id: pick('$1', `s.i % ${VERSIONS}`) },
    [JSON.stringify(place.versionIds)],
  );
  const input = `(100 + s.i % 50)`;
  const output = `(20 + s.i % 7)`;
  const cached = `(s.i % 10)`;
  const nanos = `(${input} * 3000 + ${output} * 15000)`;
  await insertCopies(
    handle,
    'inference_results',
    place.turnId,
    turns,
    {
      id: `'inferenceResult_b${place.tag}_' || s.i`,
      session_id: `'session_b${place.tag}_' || ((s.i / 150) % ${sessions})`,
      created_at: createdAt,
      model: pick('$1', `(s.i / ${DAYS}) % ${MODELS.length}`),
      input_tokens: input,
      output_tokens: output,
      total_tokens: `(${input} + ${output})`,
      cache_read_input_tokens: cached,
      cost_nanos: nanos,
      cost: `(${nanos} / 1e9)`,
    },
    [JSON.stringify(MODELS), pg ? start.toISOString() : startText],
  );
  await rollUp(handle, place);
}

/** The daily, hourly and minute rollups of the seeded turns, as the writes that priced them one by one would have grown them. */
async function rollUp(handle: DatabaseHandle, place: SeedPlace): Promise<void> {
  const pg = handle.dialect === 'postgres';
  const day = pg ? `to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : 'substr(r.created_at, 1, 10)';
  const hour = pg
    ? `CAST(to_char(r.created_at AT TIME ZONE 'UTC', 'HH24') AS integer)`
    : 'CAST(substr(r.created_at, 12, 2) AS integer)';
  const minute = pg
    ? `CAST(to_char(r.created_at AT TIME ZONE 'UTC', 'MI') AS integer)`
    : 'CAST(substr(r.created_at, 15, 2) AS integer)';
  const grow = (table: string) =>
    ['inference_result_count', 'input_tokens', 'output_tokens', 'cache_read_input_tokens', 'cost_nanos']
      .map((column) => `${column} = ${table}.${column} + excluded.${column}`)
      .join(', ');
  /** `parts`: the extra key columns (hour, minute) and the expressions that fill them. */
  const fill = (table: string, parts: readonly [string, string][], key: string) =>
    handle.sequelize.query(
      `INSERT INTO ${table} (organization_id, day, ${parts.map(([column]) => `${column}, `).join('')}version_id, model,
         product_id, inference_result_count, input_tokens, output_tokens, cache_read_input_tokens, cost_nanos)
       SELECT r.organization_id, ${day}, ${parts.map(([, value]) => `${value}, `).join('')}s.version_id,
         COALESCE(r.model, ''), v.product_id, COUNT(*), SUM(r.input_tokens), SUM(r.output_tokens),
         SUM(COALESCE(r.cache_read_input_tokens, 0)), SUM(r.cost_nanos)
       FROM inference_results r JOIN sessions s ON s.id = r.session_id JOIN versions v ON v.id = s.version_id
       WHERE r.organization_id = $1 AND r.id LIKE $2
       GROUP BY r.organization_id, ${day}, ${parts.map(([, value]) => `${value}, `).join('')}s.version_id,
         COALESCE(r.model, ''), v.product_id
       ON CONFLICT (${key}) DO UPDATE SET ${grow(table)}`,
      { bind: [place.organizationId, `inferenceResult_b${place.tag}_%`] },
    );
  await fill('usage_rollups', [], 'organization_id, day, version_id, model');
  await fill('usage_hourly_rollups', [['hour', hour]], 'organization_id, day, hour, version_id, model');
  await fill(
    'usage_minute_rollups',
    [
      ['hour', hour],
      ['minute', minute],
    ],
    'organization_id, day, hour, minute, version_id, model',
  );
}
