import type { IssueCollector } from '../errors.ts';

/** A JSON object as stored: free-form fields of the caller. */
export type JsonObject = Readonly<Record<string, unknown>>;

/**
 * Sets a field of an object being built from untrusted keys: a key `__proto__` becomes a field like any other (plain
 * assignment would replace the object's prototype instead), as JSON.parse and Object.fromEntries make it.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An optional object field: absent and null pass, anything else must be a plain object. */
export function checkJsonObject(issues: IssueCollector, path: string, value: unknown): void {
  if (value === undefined || value === null) return;
  issues.check(isJsonObject(value), path, 'must be an object');
}
