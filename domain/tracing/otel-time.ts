// OTLP times: unsigned nanoseconds since the epoch as decimal text, read without BigInt.

/** The largest time a JavaScript date (and so an ISO timestamp) can hold, in nanoseconds since the epoch. */
const MAX_NANOS = 8_640_000_000_000_000n * 1_000_000n;

/** Digits of MAX_NANOS: a time written with fewer (leading zeros aside) is in range. */
const MAX_NANOS_TEXT = MAX_NANOS.toString();

/** Whether the text is 1 to 30 decimal digits (the form OTLP writes unsigned nanoseconds in). */
function isDigits(text: string): boolean {
  if (text.length === 0 || text.length > 30) return false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** Of decimal digits: whether the number is zero, and whether it exceeds MAX_NANOS (compared as text, no BigInt). */
function nanosRange(digits: string): 'zero' | 'beyond' | 'within' {
  let first = 0;
  while (first < digits.length && digits.charCodeAt(first) === 48) first++;
  const significant = digits.length - first;
  if (significant === 0) return 'zero';
  if (significant !== MAX_NANOS_TEXT.length) return significant > MAX_NANOS_TEXT.length ? 'beyond' : 'within';
  return digits.slice(first) > MAX_NANOS_TEXT ? 'beyond' : 'within';
}

/** Whole milliseconds of a nanosecond count in range: its digits but the last six (exact: at most 8.64e15). */
const millisOf = (digits: string): number => (digits.length > 6 ? Number(digits.slice(0, -6)) : 0);

/** Nanoseconds since the epoch (decimal text) to an ISO timestamp; zero, absent or out of range is null. */
export function nanosToIso(nanos: string | null): string | null {
  if (nanos === null || !isDigits(nanos) || nanosRange(nanos) !== 'within') return null;
  return new Date(millisOf(nanos)).toISOString();
}

/** Milliseconds from `start` to `end`, two nanosecond counts in range, as exactly as a double holds them. */
export function elapsedMillis(start: string, end: string): number {
  return ((millisOf(end) - millisOf(start)) * 1e6 + (subMillisOf(end) - subMillisOf(start))) / 1e6;
}

/** The nanoseconds past the whole milliseconds: the last six digits. */
const subMillisOf = (digits: string): number => Number(digits.slice(-6));

/** Why one time field of an OTel span is unusable, or null (absent and zero are fine: no time). */
export function otelTimeProblem(field: string, nanos: string | null): string | null {
  if (nanos === null) return null;
  if (!isDigits(nanos)) return /^0+$/.test(nanos) ? null : `${field} must be a non-negative integer of nanoseconds`;
  return nanosRange(nanos) === 'beyond' ? `${field} is beyond the representable range (year 275760)` : null;
}
