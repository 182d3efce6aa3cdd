/** The rollup columns a delta adds to, as `column = table.column + excluded.column`. */
const grow = (table: string) =>
  ['inference_result_count', 'input_tokens', 'output_tokens', 'cache_read_input_tokens', 'cost_nanos']
    .map((column) => `${column} = ${table}.${column} + excluded.${column}`)
    .join(', ');
const GROW = grow('usage_rollups');
const GROW_HOURLY = grow('usage_hourly_rollups');
const GROW_MINUTE = grow('usage_minute_rollups');

const ROLLUP_COLUMNS = `organization_id, day, version_id, model, product_id, inference_result_count, input_tokens,
  output_tokens, cache_read_input_tokens, cost_nanos`;

const ROLLUP_FIELDS = `organization_id AS "organizationId", day, version_id AS "versionId", model,
  product_id AS "productId", inference_result_count AS "inferenceResultCount", input_tokens AS "inputTokens",
  output_tokens AS "outputTokens", cache_read_input_tokens AS "cacheReadInputTokens", cost_nanos AS "costNanos"`;

/** Hourly rows' counts summed per day, version and model (a day's hours fold into the day). */
const HOURLY_SUMS = `organization_id AS "organizationId", day, version_id AS "versionId", model,
  product_id AS "productId", SUM(inference_result_count) AS "inferenceResultCount", SUM(input_tokens) AS "inputTokens",
  SUM(output_tokens) AS "outputTokens", SUM(cache_read_input_tokens) AS "cacheReadInputTokens",
  SUM(cost_nanos) AS "costNanos"`;
const HOURLY_GROUP = 'GROUP BY organization_id, day, version_id, model, product_id';

/** The deltas' JSON as rows on PostgreSQL (one delta per minute rollup row). */
const PG_DELTAS = `json_to_recordset($1::json) AS r("organizationId" text, day text, "versionId" text, model text,
  "productId" text, "inferenceResultCount" float8, "inputTokens" float8, "outputTokens" float8,
  "cacheReadInputTokens" float8, "costNanos" float8, hour integer, minute integer)`;

/** The deltas' counts summed into a coarser rollup's row (hours into their day, minutes into their hour). */
const PG_DELTA_SUMS = `MIN("productId"), SUM("inferenceResultCount"), SUM("inputTokens"), SUM("outputTokens"),
  SUM("cacheReadInputTokens"), SUM("costNanos")`;
/** Rows whose summed delta is zero everywhere are not touched (as the per-row merge leaves them out). */
const PG_NOT_ZERO = `HAVING SUM("inferenceResultCount") <> 0 OR SUM("inputTokens") <> 0 OR SUM("outputTokens") <> 0
  OR SUM("cacheReadInputTokens") <> 0 OR SUM("costNanos") <> 0`;

const TOTALS = `SUM(COALESCE(r.input_tokens, 0)) AS "inputTokens", SUM(COALESCE(r.output_tokens, 0)) AS "outputTokens",
  SUM(COALESCE(r.cost_nanos, 0)) AS "costNanos"`;

/** A turn's usage columns summed, as a rollup row's fields. */
const TURN_SUMS = `COUNT(*) AS "inferenceResultCount", SUM(COALESCE(r.input_tokens, 0)) AS "inputTokens",
  SUM(COALESCE(r.output_tokens, 0)) AS "outputTokens",
  SUM(COALESCE(r.cache_read_input_tokens, 0)) AS "cacheReadInputTokens", SUM(COALESCE(r.cost_nanos, 0)) AS "costNanos"`;

/**
 * Turns of one organization in a time span (deleted ones too), summed per day, version and model; the versions'
 * products looked up once per summed row rather than once per turn (CROSS JOIN: SQLite keeps that order).
 */
const turnUsage = (day: string, list: (n: number) => string) => `SELECT t.*, v.product_id AS "productId" FROM (
    SELECT r.organization_id AS "organizationId", ${day} AS day, s.version_id AS "versionId",
      COALESCE(r.model, '') AS model, ${TURN_SUMS}
    FROM inference_results r
    JOIN sessions s ON s.id = r.session_id AND s.organization_id = $1
    WHERE r.organization_id = $1 AND r.created_at >= $2 AND r.created_at < $3
      AND ($5 IS NULL OR s.version_id IN (${list(5)}))
      AND ($6 IS NULL OR COALESCE(r.model, '') IN (${list(6)}))
    GROUP BY r.organization_id, ${day}, s.version_id, COALESCE(r.model, '')
  ) t CROSS JOIN versions v
  WHERE v.id = t."versionId" AND v.organization_id = $1 AND ($4 IS NULL OR v.product_id IN (${list(4)}))`;

/** The cost ledger's statements, one text per dialect; `$n` are bound values, lists one JSON text each. */
export const COST_SQL = {
  postgres: {
    /** The three rollups grown in one statement from the minute deltas ($1): days and hours summed here. */
    addAllUsage: `WITH d AS (SELECT * FROM ${PG_DELTAS}),
      daily AS (
        INSERT INTO usage_rollups (${ROLLUP_COLUMNS})
        SELECT "organizationId", day, "versionId", model, ${PG_DELTA_SUMS} FROM d
        GROUP BY "organizationId", day, "versionId", model ${PG_NOT_ZERO}
        ON CONFLICT (organization_id, day, version_id, model) DO UPDATE SET ${GROW}
      ),
      hourly AS (
        INSERT INTO usage_hourly_rollups (${ROLLUP_COLUMNS}, hour)
        SELECT "organizationId", day, "versionId", model, ${PG_DELTA_SUMS}, hour FROM d
        GROUP BY "organizationId", day, hour, "versionId", model ${PG_NOT_ZERO}
        ON CONFLICT (organization_id, day, hour, version_id, model) DO UPDATE SET ${GROW_HOURLY}
      )
      INSERT INTO usage_minute_rollups (${ROLLUP_COLUMNS}, hour, minute)
      SELECT "organizationId", day, "versionId", model, "productId", "inferenceResultCount", "inputTokens",
        "outputTokens", "cacheReadInputTokens", "costNanos", hour, minute FROM d
      ON CONFLICT (organization_id, day, hour, minute, version_id, model) DO UPDATE SET ${GROW_MINUTE}`,
    minuteUsageRows: `SELECT ${HOURLY_SUMS} FROM usage_minute_rollups
      WHERE organization_id = $1 AND day = $2 AND hour = $3::integer AND minute >= $7::integer
        AND minute < $8::integer
        AND ($4::text IS NULL OR product_id IN (SELECT json_array_elements_text($4::json)))
        AND ($5::text IS NULL OR version_id IN (SELECT json_array_elements_text($5::json)))
        AND ($6::text IS NULL OR model IN (SELECT json_array_elements_text($6::json)))
      ${HOURLY_GROUP}`,
    hourlyUsageRows: `SELECT ${HOURLY_SUMS} FROM usage_hourly_rollups
      WHERE organization_id = $1 AND day = $2 AND hour >= $3::integer AND hour < $7::integer
        AND ($4::text IS NULL OR product_id IN (SELECT json_array_elements_text($4::json)))
        AND ($5::text IS NULL OR version_id IN (SELECT json_array_elements_text($5::json)))
        AND ($6::text IS NULL OR model IN (SELECT json_array_elements_text($6::json)))
      ${HOURLY_GROUP}`,
    usageRows: `SELECT ${ROLLUP_FIELDS} FROM usage_rollups
      WHERE organization_id = $1 AND day >= $2 AND day < $3
        AND ($4::text IS NULL OR product_id IN (SELECT json_array_elements_text($4::json)))
        AND ($5::text IS NULL OR version_id IN (SELECT json_array_elements_text($5::json)))
        AND ($6::text IS NULL OR model IN (SELECT json_array_elements_text($6::json)))`,
    turnUsage: turnUsage(
      `to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
      (n) => `SELECT json_array_elements_text($${n}::json)`,
    ).replace(/\$([2-6]) IS NULL/g, (_, n) => `$${n}::text IS NULL`),
    sessionTotals: `SELECT r.session_id AS "key", ${TOTALS} FROM inference_results r
      WHERE r.organization_id = $1 AND r.deleted_at IS NULL
        AND r.session_id IN (SELECT json_array_elements_text($2::json))
      GROUP BY r.session_id`,
    runTotals: `SELECT x.run_id AS "key", ${TOTALS} FROM (
        SELECT run_id, session_id FROM evaluations WHERE organization_id = $1 AND deleted_at IS NULL
          AND run_id IN (SELECT json_array_elements_text($2::json))
        UNION SELECT run_id, session_id FROM generation_items WHERE organization_id = $1 AND session_id IS NOT NULL
          AND run_id IN (SELECT json_array_elements_text($2::json))
      ) x JOIN inference_results r ON r.session_id = x.session_id AND r.organization_id = $1 AND r.deleted_at IS NULL
      GROUP BY x.run_id`,
    // A row IN of (organization, turn) pairs, so the planner looks each turn up in the (organization,
    // inference_result_id) index even while the organization's statistics still say it has no spans (scopedIdsIn).
    generationSpans: `SELECT inference_result_id AS "inferenceResultId", model, usage, start_time AS "startTime"
      FROM spans WHERE (organization_id, inference_result_id) IN (SELECT $1::text, json_array_elements_text($2::json))
        AND type = 'GENERATION' AND deleted_at IS NULL`,
  },
  sqlite: {
    addUsage: `INSERT INTO usage_rollups (${ROLLUP_COLUMNS})
      SELECT json_extract(value, '$.organizationId'), json_extract(value, '$.day'), json_extract(value, '$.versionId'),
        json_extract(value, '$.model'), json_extract(value, '$.productId'), json_extract(value, '$.inferenceResultCount'),
        json_extract(value, '$.inputTokens'), json_extract(value, '$.outputTokens'),
        json_extract(value, '$.cacheReadInputTokens'), json_extract(value, '$.costNanos')
      FROM json_each($1) WHERE true
      ON CONFLICT (organization_id, day, version_id, model) DO UPDATE SET ${GROW}`,
    addHourlyUsage: `INSERT INTO usage_hourly_rollups (${ROLLUP_COLUMNS}, hour)
      SELECT json_extract(value, '$.organizationId'), json_extract(value, '$.day'), json_extract(value, '$.versionId'),
        json_extract(value, '$.model'), json_extract(value, '$.productId'), json_extract(value, '$.inferenceResultCount'),
        json_extract(value, '$.inputTokens'), json_extract(value, '$.outputTokens'),
        json_extract(value, '$.cacheReadInputTokens'), json_extract(value, '$.costNanos'), json_extract(value, '$.hour')
      FROM json_each($1) WHERE true
      ON CONFLICT (organization_id, day, hour, version_id, model) DO UPDATE SET ${GROW_HOURLY}`,
    addMinuteUsage: `INSERT INTO usage_minute_rollups (${ROLLUP_COLUMNS}, hour, minute)
      SELECT json_extract(value, '$.organizationId'), json_extract(value, '$.day'), json_extract(value, '$.versionId'),
        json_extract(value, '$.model'), json_extract(value, '$.productId'), json_extract(value, '$.inferenceResultCount'),
        json_extract(value, '$.inputTokens'), json_extract(value, '$.outputTokens'),
        json_extract(value, '$.cacheReadInputTokens'), json_extract(value, '$.costNanos'), json_extract(value, '$.hour'),
        json_extract(value, '$.minute')
      FROM json_each($1) WHERE true
      ON CONFLICT (organization_id, day, hour, minute, version_id, model) DO UPDATE SET ${GROW_MINUTE}`,
    minuteUsageRows: `SELECT ${HOURLY_SUMS} FROM usage_minute_rollups
      WHERE organization_id = $1 AND day = $2 AND hour = $3 AND minute >= $7 AND minute < $8
        AND ($4 IS NULL OR product_id IN (SELECT value FROM json_each($4)))
        AND ($5 IS NULL OR version_id IN (SELECT value FROM json_each($5)))
        AND ($6 IS NULL OR model IN (SELECT value FROM json_each($6)))
      ${HOURLY_GROUP}`,
    hourlyUsageRows: `SELECT ${HOURLY_SUMS} FROM usage_hourly_rollups
      WHERE organization_id = $1 AND day = $2 AND hour >= $3 AND hour < $7
        AND ($4 IS NULL OR product_id IN (SELECT value FROM json_each($4)))
        AND ($5 IS NULL OR version_id IN (SELECT value FROM json_each($5)))
        AND ($6 IS NULL OR model IN (SELECT value FROM json_each($6)))
      ${HOURLY_GROUP}`,
    usageRows: `SELECT ${ROLLUP_FIELDS} FROM usage_rollups
      WHERE organization_id = $1 AND day >= $2 AND day < $3
        AND ($4 IS NULL OR product_id IN (SELECT value FROM json_each($4)))
        AND ($5 IS NULL OR version_id IN (SELECT value FROM json_each($5)))
        AND ($6 IS NULL OR model IN (SELECT value FROM json_each($6)))`,
    // `+` keeps SQLite from looking the session up through an (organization_id, …) index, which without statistics
    // it may prefer and which walks all the organization's sessions for every turn: the id is the lookup.
    turnUsage: turnUsage('substr(r.created_at, 1, 10)', (n) => `SELECT value FROM json_each($${n})`).replace(
      's.organization_id = $1',
      '+s.organization_id = $1',
    ),
    sessionTotals: `SELECT r.session_id AS "key", ${TOTALS} FROM inference_results r
      WHERE r.organization_id = $1 AND r.deleted_at IS NULL AND r.session_id IN (SELECT value FROM json_each($2))
      GROUP BY r.session_id`,
    runTotals: `SELECT x.run_id AS "key", ${TOTALS} FROM (
        SELECT run_id, session_id FROM evaluations WHERE organization_id = $1 AND deleted_at IS NULL
          AND run_id IN (SELECT value FROM json_each($2))
        UNION SELECT run_id, session_id FROM generation_items WHERE organization_id = $1 AND session_id IS NOT NULL
          AND run_id IN (SELECT value FROM json_each($2))
      ) x JOIN inference_results r ON r.session_id = x.session_id AND r.organization_id = $1 AND r.deleted_at IS NULL
      GROUP BY x.run_id`,
    generationSpans: `SELECT inference_result_id AS "inferenceResultId", model, usage, start_time AS "startTime"
      FROM spans WHERE organization_id = $1 AND type = 'GENERATION' AND deleted_at IS NULL
        AND inference_result_id IN (SELECT value FROM json_each($2))`,
  },
};
