/** A JSON value as parsed: the evaluator reads it, never changes it. */
export type Json = unknown;

export const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** An array's items or an object's member values, in document order; nothing for a scalar. */
export const childrenOf = (value: Json): readonly Json[] =>
  Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
/** The indices an RFC 9535 slice selects in an array of `length` (section 2.3.4.2.2). */
export const sliceIndices = (
  length: number,
  start: number | null,
  end: number | null,
  step: number | null,
): number[] => {
  const by = step ?? 1;
  if (by === 0) return [];
  const bound = (index: number) => (index >= 0 ? Math.min(index, length) : Math.max(length + index, 0));
  const indices: number[] = [];
  if (by > 0) for (let at = bound(start ?? 0), stop = bound(end ?? length); at < stop; at += by) indices.push(at);
  else {
    const lower = end === null ? -1 : Math.min(Math.max(end >= 0 ? end : length + end, -1), length - 1);
    const upper = start === null ? length - 1 : Math.min(Math.max(start >= 0 ? start : length + start, -1), length - 1);
    for (let at = upper; at > lower; at += by) indices.push(at);
  }
  return indices;
};
