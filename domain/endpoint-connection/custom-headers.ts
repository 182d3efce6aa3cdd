import type { IssueCollector } from '../errors.ts';

/** The shown form of every custom header value; sent back in a PATCH, it keeps the value stored under that name. */
export const MASKED = '***';

export const HEADER_LIMITS = { count: 50, nameLength: 255, valueLength: 8192 } as const;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What an HTTP header value may hold as sent (RFC 9110 field-content; obs-text as Latin-1). */
const UNSENDABLE = /[^\t\x20-\x7e\x80-\xff]/u;

/** Why a value cannot be sent as an HTTP header value (a line break, a control or a non-Latin-1 character), or null. */
export function headerValueProblem(value: string): string | null {
  const found = value.match(UNSENDABLE);
  if (!found) return null;
  const code = (found[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  return `contains U+${code}, which an HTTP header cannot carry (one line of printable ASCII or Latin-1 characters)`;
}

/** Names and values within bounds, each value sendable as it is. */
export function checkHeaders(issues: IssueCollector, headers: Readonly<Record<string, string>> | null | undefined) {
  if (!headers) return;
  const entries = Object.entries(headers);
  issues.check(entries.length <= HEADER_LIMITS.count, 'headers', `at most ${HEADER_LIMITS.count} headers`);
  for (const [name, value] of entries) {
    const path = `headers.${name}`;
    issues.check(HEADER_NAME.test(name) && name.length <= HEADER_LIMITS.nameLength, path, 'is not a valid header name');
    if (typeof value !== 'string' || value.length > HEADER_LIMITS.valueLength)
      issues.add(path, `must be a string of at most ${HEADER_LIMITS.valueLength} characters`);
    else {
      const problem = headerValueProblem(value);
      if (problem) issues.add(path, problem);
    }
  }
}

const storedValue = (stored: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.entries(stored).find(([storedName]) => storedName.toLowerCase() === name.toLowerCase())?.[1];

/** A `***` value keeps the value stored under the same name (any case): refused when none is stored. */
export function checkKeptHeaders(
  issues: IssueCollector,
  headers: Readonly<Record<string, string>> | null | undefined,
  stored: Readonly<Record<string, string>>,
): void {
  for (const [name, value] of Object.entries(headers ?? {}))
    if (value === MASKED && storedValue(stored, name) === undefined)
      issues.add(`headers.${name}`, `is ${MASKED}, which keeps a stored value, but none is stored under this name`);
}

/**
 * Every custom header value is a secret, sealed on its own; a `***` keeps the sealed value stored under its name, so
 * a client can send back what it read.
 */
export function sealHeaders(
  headers: Readonly<Record<string, string>>,
  stored: Readonly<Record<string, string>>,
  sealHeader: (name: string, value: string) => string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      (value === MASKED ? storedValue(stored, name) : undefined) ?? sealHeader(name, value),
    ]),
  );
}

/** The custom headers as they are shown: their names, every value masked. */
export const maskedValues = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.keys(headers).map((name) => [name, MASKED]));
