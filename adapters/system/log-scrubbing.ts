import pino from 'pino';

/** Properties of database errors that hold the values of a statement (bound parameters, clashing keys, rows). */
const DATA_PROPERTIES = new Set([
  'parameters',
  'bind',
  'replacements',
  'values',
  'value',
  'instance',
  'fields',
  'detail',
  'where',
]);

/**
 * A SQL statement without its values: quoted string literals and bare numbers become `?` (placeholders such as `$1`
 * and identifiers stay), so a statement Sequelize wrote with values inline can still be logged.
 */
export function sqlWithoutValues(sql: string): string {
  return sql
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/E'(?:[^'\\]|\\.|'')*'/g, '?')
    .replace(/(?<![\w$."])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?(?![\w"])/gi, '?');
}

function scrub(value: unknown, depth: number): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (DATA_PROPERTIES.has(key)) result[key] = '[redacted]';
    else if (key === 'sql' && typeof inner === 'string') result[key] = sqlWithoutValues(inner);
    else result[key] = scrub(inner, depth + 1);
  }
  return result;
}

/**
 * pino's error serializer, minus tenant data: a database error (and the driver errors it wraps) keeps its message,
 * code and statement, but the statement loses its values and the bound parameters, clashing key values and rows go.
 */
export function errorWithoutData(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return scrub(pino.stdSerializers.err(error), 0);
}
