/** The fields of a test case a person compares between revisions, in the order the page lists them. */
export const REVISION_FIELDS = [
  'input',
  'expectedOutput',
  'context',
  'expectedTools',
  'languageCode',
  'variant',
  'userPersona',
  'scenario',
  'goal',
  'stoppingCriterias',
  'maxIterations',
  'gender',
  'backgroundNoiseProfile',
  'backgroundNoiseLevel',
] as const;

type Revision = { readonly id: string; readonly parentTestCaseId: string | null; readonly createdAt: string };

/** JSON with object keys sorted, so two values that differ only in key order compare equal. */
export function stableJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`).join(',')}}`;
}

/** The fields a revision changed from the revision it was forked from (none for the first revision). */
export function changedFields<R extends Revision>(revision: R, parent: R | undefined): string[] {
  if (!parent) return [];
  const before = parent as unknown as Record<string, unknown>;
  const after = revision as unknown as Record<string, unknown>;
  return REVISION_FIELDS.filter((field) => stableJson(before[field]) !== stableJson(after[field]));
}

/**
 * A family's revisions newest first, each with the fields it changed from its parent (looked up by
 * `parentTestCaseId` among the family; a parent missing from the list counts as no change known).
 */
export function revisionHistory<R extends Revision>(family: readonly R[]): { revision: R; changed: string[] }[] {
  const byId = new Map(family.map((revision) => [revision.id, revision]));
  return [...family]
    .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))
    .map((revision) => ({
      revision,
      changed: changedFields(revision, revision.parentTestCaseId ? byId.get(revision.parentTestCaseId) : undefined),
    }));
}
