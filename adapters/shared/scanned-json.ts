/**
 * Parsed request bodies whose text the shape scan found free of `\u` escapes and within the depth limit
 * (`JsonShapeScanner.escapesUnicode`): their values hold no NUL character and no unpaired surrogate, so the walk of
 * `findJsonProblem` over them (every string of a megabyte span batch) would find nothing and is skipped.
 */
const storable = new WeakSet<object>();

/** Marks a parsed body as scanned clean (objects and arrays only; other values are not marked). */
export function markScannedClean(value: unknown): void {
  if (typeof value === 'object' && value !== null) storable.add(value);
}

/** Whether the parsed body was scanned clean. */
export const scannedClean = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && storable.has(value);
