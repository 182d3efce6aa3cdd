import type { IssueCollector } from '../errors.ts';

/** Where in the product's JSON answer each mapped value is found: JSONPath expressions (RFC 9535). */
export interface OutputMapping {
  readonly output: string;
  readonly retrievalContext?: string;
  readonly sessionId?: string;
  readonly inputTokens?: string;
  readonly outputTokens?: string;
}

export const OUTPUT_MAPPING_FIELDS = [
  'output',
  'retrievalContext',
  'sessionId',
  'inputTokens',
  'outputTokens',
] as const;

/** The variables a request template may use; it must use `input`. */
export const TEMPLATE_VARIABLES = ['input', 'testCase', 'session', 'productSessionId', 'turn', 'history'] as const;

export const TEMPLATE_LIMIT = 100_000;
export const PATH_LIMIT = 1000;

/**
 * The syntax checks the domain asks of the template engine and the JSONPath library (adapters supply them): a
 * problem's text, or null when the text is well-formed.
 */
export interface EndpointSyntax {
  templateProblem(template: string): string | null;
  /** The top-level variables a well-formed template reads. */
  templateVariables(template: string): readonly string[];
  pathProblem(path: string): string | null;
  /** The platform's rule a well-formed path breaks (rules that bound its cost), or null. */
  pathRuleBroken(path: string): string | null;
}

/** A template must parse, stay within its size, and use the turn's `input`. */
export function checkTemplate(issues: IssueCollector, syntax: EndpointSyntax, template: string): void {
  if (template.length > TEMPLATE_LIMIT) {
    issues.add('inputTemplate', `must be at most ${TEMPLATE_LIMIT} characters`);
    return;
  }
  const problem = syntax.templateProblem(template);
  if (problem) {
    issues.add('inputTemplate', `is not a valid template: ${problem}`);
    return;
  }
  const used = syntax.templateVariables(template);
  issues.check(used.includes('input'), 'inputTemplate', "never uses `input` (the user's message)");
}

export function checkPath(issues: IssueCollector, syntax: EndpointSyntax, path: string, value: unknown): void {
  if (typeof value !== 'string' || value.length === 0) {
    issues.add(path, 'must be a JSONPath expression');
    return;
  }
  if (value.length > PATH_LIMIT) {
    issues.add(path, `must be at most ${PATH_LIMIT} characters`);
    return;
  }
  const problem = syntax.pathProblem(value);
  if (problem) {
    issues.add(path, `is not a valid JSONPath expression: ${problem}`);
    return;
  }
  const broken = syntax.pathRuleBroken(value);
  if (broken) issues.add(path, `breaks a JSONPath rule: ${broken}`);
}

/** `output` is required; every field is a valid JSONPath; no other field. */
export function checkOutputMapping(issues: IssueCollector, syntax: EndpointSyntax, mapping: OutputMapping): void {
  for (const field of Object.keys(mapping))
    if (!(OUTPUT_MAPPING_FIELDS as readonly string[]).includes(field))
      issues.add(`outputMapping.${field}`, `is not one of ${OUTPUT_MAPPING_FIELDS.join(', ')}`);
  checkPath(issues, syntax, 'outputMapping.output', mapping.output);
  for (const field of OUTPUT_MAPPING_FIELDS.slice(1))
    if (mapping[field] !== undefined) checkPath(issues, syntax, `outputMapping.${field}`, mapping[field]);
}
