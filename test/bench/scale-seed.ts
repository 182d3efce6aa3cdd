import { at, bool, insertSelect, json, pick, quote, type SeedDialect } from './scale-sql.ts';

/**
 * One seeded organization of the scale benchmark: `sessions` sessions with one inference result each, ten spans and
 * ten evaluations per session, and as many test cases as sessions, every row of the same shape whatever the size
 * (the same filters select the same share of rows in a small and a big organization). Columns filtered together
 * vary independently (a pair of filters matches rows), as do the filtered columns and the nulls of sorted ones.
 */
export interface SeededOrganization {
  /** Prefix of every seeded id (ids of sessions, results, evaluations and test cases are unique across tables). */
  readonly tag: string;
  readonly organizationId: string;
  readonly userId: string;
  readonly sessions: number;
  readonly versionIds: readonly string[];
  readonly datasetIds: readonly string[];
}

export const SPAN_TYPES_SEEDED = ['SPAN', 'GENERATION', 'TOOL', 'RETRIEVER', 'CHAIN'] as const;
export const SPAN_NAMES = 20;
export const RUN_IDS = Array.from({ length: 10 }, (_, index) => `run-${index + 1}`);
export const METRIC_IDS = Array.from({ length: 5 }, (_, index) => `metric-${index + 1}`);
const SESSION_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'];
/** No PENDING: the platform would start scoring those (against metrics that do not exist) while it is timed. */
const EVALUATION_STATUSES = ['SKIPPED', 'PENDING_HUMAN', 'SUCCESS', 'FAILED', 'SUCCESS'];

/**
 * Evaluation metric and status vary with periods 5 and 15: METRIC_IDS[2] meets SUCCESS in two of its rows in three
 * (a pair that overlaps) and never FAILED, except one evaluation in RARE_PAIR_PERIOD (k ≡ 502, so of that metric):
 * a pair that rarely meets, one of the metric's rows in 200.
 */
export const RARE_PAIR_PERIOD = 1000;

/** Seconds after the epoch at which the organization's session k (1-based) was created. */
export const sessionSecond = (k: number): number => k * 10;
/** Seconds after the epoch at which span j (1-based) started: its session's time plus its place in it. */
export const spanSecond = (j: number): number => sessionSecond(Math.floor((j - 1) / 10) + 1) + (j % 10);

/** The statements that seed `org`, each at most `chunk` rows. */
export function seedStatements(dialect: SeedDialect, org: SeededOrganization, chunk = 50_000): string[] {
  const id = (kind: string, k: string) => `${quote(`${org.tag}-${kind}-`)} || (${k})`;
  const organization = quote(org.organizationId);
  const session = '((k - 1) / 10 + 1)';
  const runOf = (k: string) => `(CASE WHEN (${k}) % 2 = 0 THEN ${pick(`(${k}) / 2`, RUN_IDS)} END)`;
  const testCaseOf = (k: string) => `(CASE WHEN (${k}) % 2 = 0 THEN ${id('tc', `(${k}) % ${org.sessions} + 1`)} END)`;
  const tables: [string, number, Record<string, string>][] = [
    [
      'sessions',
      org.sessions,
      {
        id: id('se', 'k'),
        organization_id: organization,
        version_id: pick('k', org.versionIds),
        test_case_id: testCaseOf('k'),
        custom_id: `'c-' || k`,
        run_id: runOf('k'),
        is_production: bool(dialect, 'k % 2 = 1'),
        status: pick('k', SESSION_STATUSES),
        created_at: at(dialect, 'k * 10'),
        version: '1',
      },
    ],
    [
      'inference_results',
      org.sessions,
      {
        id: id('ir', 'k'),
        organization_id: organization,
        session_id: id('se', 'k'),
        input: `'question ' || k`,
        output: `'answer ' || k`,
        status: pick('k + 1', SESSION_STATUSES),
        dropped_span_count: '0',
        created_at: at(dialect, 'k * 10 + 1'),
        version: '1',
      },
    ],
    [
      'spans',
      org.sessions * 10,
      {
        organization_id: organization,
        id: id('sp', 'k'),
        inference_result_id: id('ir', session),
        session_id: id('se', session),
        name: `'step-' || ((k / 3) % ${SPAN_NAMES})`,
        type: pick('k / 7', SPAN_TYPES_SEEDED),
        input_data: json(dialect, `'{"prompt":"Summarise the customer''s last order, step ' || k || '"}'`),
        output_data: json(dialect, `'{"text":"The order shipped on Monday and arrives on Thursday."}'`),
        latency_ms: '(k % 900) + 12.5',
        parent_trace_id: `(CASE WHEN k % 10 = 1 THEN NULL ELSE ${id('sp', 'k - (k - 1) % 10')} END)`,
        parent_pending: bool(dialect, '1 = 0'),
        start_time: `(CASE WHEN k % 50 = 0 THEN NULL ELSE ${at(dialect, `${session} * 10 + k % 10`)} END)`,
        end_time: `(CASE WHEN k % 50 = 0 THEN NULL ELSE ${at(dialect, `${session} * 10 + k % 10 + 1`)} END)`,
        created_at: at(dialect, '((k - 1) / 100) * 100 + 109'),
      },
    ],
    [
      'evaluations',
      org.sessions * 10,
      {
        id: id('ev', 'k'),
        organization_id: organization,
        metric_id: pick('k', METRIC_IDS),
        session_id: id('se', session),
        status: `(CASE WHEN k % ${RARE_PAIR_PERIOD} = ${RARE_PAIR_PERIOD / 2 + 2} THEN 'FAILED' ELSE ${pick('k / 3', EVALUATION_STATUSES)} END)`,
        test_case_id: testCaseOf(session),
        inference_result_id: id('ir', session),
        run_id: runOf(session),
        version_id: pick(session, org.versionIds),
        score: `(CASE WHEN (k / 3) % 5 IN (1, 2, 4) THEN (k % 11) / 10.0 END)`,
        can_retry: `(CASE WHEN (k / 3) % 5 = 3 THEN ${bool(dialect, '1 = 1')} END)`,
        failed_turns: json(dialect, `'[]'`),
        evaluated_at: `(CASE WHEN (k / 3) % 5 IN (1, 2, 4) THEN ${at(dialect, `${session} * 10 + 5 + k % 10`)} END)`,
        created_at: at(dialect, `${session} * 10 + 2`),
        version: '1',
      },
    ],
    [
      'test_cases',
      org.sessions,
      {
        id: id('tc', 'k'),
        organization_id: organization,
        dataset_id: pick('k', org.datasetIds),
        user_id: quote(org.userId),
        input: json(dialect, `'{"text":"Where is order ' || k || '?"}'`),
        expected_tools: json(dialect, `'[]'`),
        stopping_criterias: json(dialect, `'[]'`),
        variant: pick('k', ['plain', 'noisy']),
        strategy: pick('k', ['direct', 'adversarial', 'persona']),
        language_code: pick('k', ['en', 'fr', 'de', 'es']),
        is_augmented: bool(dialect, '1 = 0'),
        test_case_group_id: id('tg', 'k'),
        legacy_at: `(CASE WHEN k % 10 = 0 THEN ${at(dialect, 'k * 10 + 4')} END)`,
        created_at: at(dialect, 'k * 10 + 3'),
        version: '1',
      },
    ],
  ];
  const statements: string[] = [];
  for (const [table, rows, columns] of tables)
    for (let from = 1; from <= rows; from += chunk)
      statements.push(insertSelect(dialect, table, columns, from, Math.min(rows, from + chunk - 1)));
  return statements;
}
