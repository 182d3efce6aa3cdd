import type { IssueCollector } from '../errors.ts';
import { checkPath, type EndpointSyntax } from './request-shape.ts';

/**
 * An answer that ends a conversation: its HTTP status is `statusCode` and, when `jsonPath` is given, the path
 * matches something in the JSON answer (equal to `equals` when that is given).
 */
export interface ConversationEndRule {
  readonly statusCode: number;
  readonly jsonPath?: string | null;
  readonly equals?: unknown;
}

export const MAX_END_RULES = 20;

export function checkEndRules(
  issues: IssueCollector,
  syntax: EndpointSyntax,
  rules: readonly ConversationEndRule[],
): void {
  if (rules.length > MAX_END_RULES) {
    issues.add('conversationEndRules', `must have at most ${MAX_END_RULES} rules`);
    return;
  }
  rules.forEach((rule, index) => {
    const path = `conversationEndRules.${index}`;
    issues.check(
      Number.isInteger(rule.statusCode) && rule.statusCode >= 100 && rule.statusCode <= 599,
      `${path}.statusCode`,
      'must be an HTTP status from 100 to 599',
    );
    if (rule.jsonPath !== undefined && rule.jsonPath !== null)
      checkPath(issues, syntax, `${path}.jsonPath`, rule.jsonPath);
    else issues.check(rule.equals === undefined, `${path}.equals`, 'needs a jsonPath to compare with');
  });
}

/**
 * JSON equality that stops at the first difference: a path may select every value of a large answer, and writing each
 * out to compare would cost the answer's size for each of them.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, at) => sameJson(item, b[at]))
    );
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]))
  );
}

/**
 * The first rule the answer meets, or null. `select` reads a JSONPath in the answer's JSON body (no match when the
 * body is not JSON).
 */
export function matchingEndRule(
  rules: readonly ConversationEndRule[],
  answer: { readonly status: number },
  select: (path: string) => readonly unknown[],
): ConversationEndRule | null {
  for (const rule of rules) {
    if (rule.statusCode !== answer.status) continue;
    if (rule.jsonPath === undefined || rule.jsonPath === null) return rule;
    const found = select(rule.jsonPath);
    if (rule.equals === undefined ? found.length > 0 : found.some((value) => sameJson(value, rule.equals))) return rule;
  }
  return null;
}
