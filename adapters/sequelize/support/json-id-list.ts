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
