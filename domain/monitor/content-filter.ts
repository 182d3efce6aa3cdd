import type { IssueCollector } from '../errors.ts';

export const FILTER_FIELDS = ['INPUT', 'OUTPUT', 'EITHER'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export const MAX_FILTER_TERMS = 50;
export const MAX_TERM_LENGTH = 200;

/** Which sessions a monitor scores by their turns' words: at least one `include` term, no `exclude` term. */
export interface ContentFilter {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  readonly field: FilterField;
}

export interface ContentFilterInput {
  readonly include?: readonly string[] | null;
  readonly exclude?: readonly string[] | null;
  readonly field?: FilterField | null;
}

/** Checks the bounds (50 terms per list, 1–200 characters each) and fills the defaults. */
export function checkContentFilter(issues: IssueCollector, input: ContentFilterInput): ContentFilter {
  for (const list of ['include', 'exclude'] as const) {
    const terms = input[list] ?? [];
    issues.check(terms.length <= MAX_FILTER_TERMS, `contentFilter.${list}`, `at most ${MAX_FILTER_TERMS} terms`);
    for (const [index, term] of terms.entries())
      issues.check(
        typeof term === 'string' && term.length > 0 && term.length <= MAX_TERM_LENGTH,
        `contentFilter.${list}.${index}`,
        `must be 1 to ${MAX_TERM_LENGTH} characters`,
      );
  }
  const field = input.field ?? 'EITHER';
  issues.check(FILTER_FIELDS.includes(field), 'contentFilter.field', 'must be INPUT, OUTPUT or EITHER');
  return { include: [...(input.include ?? [])], exclude: [...(input.exclude ?? [])], field };
}

/** A session's turn texts, as the filter reads them. */
export interface TurnText {
  readonly input: string | null;
  readonly output: string | null;
}

/** Whether the session passes: terms match case-insensitively as substrings of the chosen field of any turn. */
export function passesContentFilter(filter: ContentFilter | null, turns: readonly TurnText[]): boolean {
  if (!filter) return true;
  const texts = turns
    .flatMap((turn) => [filter.field !== 'OUTPUT' ? turn.input : null, filter.field !== 'INPUT' ? turn.output : null])
    .filter((text): text is string => text !== null)
    .map((text) => text.toLowerCase());
  const present = (term: string) => texts.some((text) => text.includes(term.toLowerCase()));
  if (filter.include.length > 0 && !filter.include.some(present)) return false;
  return !filter.exclude.some(present);
}
