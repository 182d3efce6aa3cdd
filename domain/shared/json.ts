import type { IssueCollector } from '../errors.ts';

/** A JSON object as stored: free-form fields of the caller. */
export type JsonObject = Readonly<Record<string, unknown>>;

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An optional object field: absent and null pass, anything else must be a plain object. */
export function checkJsonObject(issues: IssueCollector, path: string, value: unknown): void {
  if (value === undefined || value === null) return;
  issues.check(isJsonObject(value), path, 'must be an object');
}
