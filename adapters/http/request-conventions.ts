/**
 * The request conventions clients in the wild rely on, applied before validation so every route follows them alike.
 */

/** `ids[]=a&ids[]=b` (the bracket form axios sends) means `ids=a&ids=b`; both forms together add up. */
export function unbracketedQuery(query: Record<string, string | string[] | undefined>): Record<string, unknown> {
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const earlier = result[name];
    result[name] = earlier === undefined ? value : [earlier, value].flat();
  }
  return result;
}

/**
 * On POST, an explicit `null` at the top level of a JSON object body means the field was not given (clients that
 * serialise their models send nulls for what they leave empty). Nested values are data and stay as sent.
 */
export function withoutTopLevelNulls(body: unknown): unknown {
  // Only a parsed JSON object: a CSV text or a protobuf Buffer is passed on untouched.
  if (body === null || typeof body !== 'object' || Object.getPrototypeOf(body) !== Object.prototype) return body;
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
}
