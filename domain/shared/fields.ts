import type { IssueCollector } from '../errors.ts';

/** Limits shared by the catalog and dataset records. */
export const NAME_LIMIT = 255;
export const TEXT_LIMIT = 1_000_000;
export const LIST_LIMIT = 1000;

/** How a name field may be left out: `required` (when creating) unless `nullable`, null only when `nullable`. */
export interface NameRules {
  readonly required?: boolean;
  readonly nullable?: boolean;
}

/** A name: present when required, null only when nullable; not blank, at most NAME_LIMIT characters. */
export function checkName(
  issues: IssueCollector,
  path: string,
  value: string | null | undefined,
  { required = false, nullable = false }: NameRules,
): void {
  if (value === undefined) {
    if (required && !nullable) issues.add(path, 'is required');
    return;
  }
  if (value === null) {
    if (!nullable) issues.add(path, 'must not be null');
    return;
  }
  issues.check(value.trim().length > 0, path, 'must not be empty');
  issues.check(value.length <= NAME_LIMIT, path, `must be at most ${NAME_LIMIT} characters`);
}

/** Free text: at most TEXT_LIMIT characters. */
export function checkText(issues: IssueCollector, path: string, value: string | null | undefined): void {
  if (typeof value === 'string')
    issues.check(value.length <= TEXT_LIMIT, path, `must be at most ${TEXT_LIMIT} characters`);
}

/** A list of strings: at most LIST_LIMIT non-empty items. */
export function checkStrings(issues: IssueCollector, path: string, values: readonly string[] | null | undefined): void {
  if (!values) return;
  issues.check(values.length <= LIST_LIMIT, path, `must have at most ${LIST_LIMIT} items`);
  values.forEach((value, index) => {
    if (value.trim().length === 0) issues.add(`${path}.${index}`, 'must not be empty');
    else if (value.length > NAME_LIMIT) issues.add(`${path}.${index}`, `must be at most ${NAME_LIMIT} characters`);
  });
}

/** Keeps the first of each value, in order. */
export const unique = (values: readonly string[]): string[] => [...new Set(values)];

/** Applies a PATCH: an omitted field keeps its value, anything else (null included) replaces it. */
export function patch<T extends object>(record: T, changes: Partial<T>): T {
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return { ...record, ...defined };
}
