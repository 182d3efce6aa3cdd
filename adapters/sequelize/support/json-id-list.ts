/** A list of values as one bound JSON parameter, read back as a one-column set by `idsIn`. */
export const jsonIds = (ids: readonly string[]): string => JSON.stringify(ids);

/**
 * The SQL for `column IN (the ids bound as one JSON parameter)` in either dialect, whatever their number;
 * `parameter` is its placeholder (`$2` for Sequelize's bind, `?` for the light read path).
 */
export const idsIn = (dialect: string, column: string, parameter: string): string =>
  dialect === 'postgres'
    ? `${column} IN (SELECT json_array_elements_text(${parameter}::json))`
    : `${column} IN (SELECT value FROM json_each(${parameter}))`;

/**
 * The SQL for "of the organization bound at `scopeParameter`, the rows whose id is among those bound as one JSON
 * parameter at `idsParameter`" (placeholders in that order). On PostgreSQL as a row `IN`, (organization, id) pairs
 * looked up by the primary key: written as `organization = ? AND id IN (…)`, the planner weighs the organization's
 * rows by its statistics, and for an organization that was new when they were gathered (a burst of ingestion right
 * after sign-up) it believes there are almost none and walks all of them through another index, for every batch.
 */
export const scopedIdsIn = (
  dialect: string,
  columns: { readonly scope: string; readonly id: string },
  scopeParameter: string,
  idsParameter: string,
): string =>
  dialect === 'postgres'
    ? `(${columns.scope}, ${columns.id}) IN (SELECT ${scopeParameter}::text, json_array_elements_text(${idsParameter}::json))`
    : `${columns.scope} = ${scopeParameter} AND ${idsIn(dialect, columns.id, idsParameter)}`;
