import type { z } from 'zod';
import { InvalidInput } from '../../domain/errors.ts';
import { findJsonProblem, JSON_DEPTH_LIMIT } from '../shared/json-input.ts';
import { scannedClean } from '../shared/scanned-json.ts';

const LABEL = { body: 'body', query: 'query parameter', path: 'path parameter' } as const;

/**
 * Refuses what no schema should have to think about: text holding a NUL character or an unpaired surrogate
 * (PostgreSQL cannot store either) and JSON nested deeper than the documented limit, naming the field. A body the
 * shape scan read clean is not walked again (`scannedClean`).
 */
export function refuseUnstorable(value: unknown, where: 'body' | 'query' | 'path'): void {
  // A body the shape scan read clean (depth within the limit, no `\u` escape) holds nothing to find.
  if (where === 'body' && scannedClean(value)) return;
  const problem = findJsonProblem(value, '', where === 'body' ? JSON_DEPTH_LIMIT : 3);
  if (!problem) return;
  const path = problem.path || where;
  throw new InvalidInput([{ path, message: problem.message }], `Invalid ${LABEL[where]} ${path}: ${problem.message}`);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Words a person reads instead of zod's own: a missing field is "required"; a field of several shapes (a union)
 * says what it accepts, in its documented description, else by the kinds it takes.
 */
const plainWords: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'required';
  if (issue.code !== 'invalid_union') return undefined;
  const description = issue.inst && 'description' in issue.inst ? issue.inst.description : undefined;
  if (typeof description === 'string') return `expected ${lowerFirst(description)}`;
  const kinds = issue.errors.flatMap((errors) =>
    errors.flatMap((problem) =>
      problem.code === 'invalid_type' && problem.path.length === 0 ? [problem.expected] : [],
    ),
  );
  return kinds.length ? `expected one of: ${[...new Set(kinds)].join(', ')}` : undefined;
};

/** Validates one part of a request; problems become InvalidInput with one issue per field. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, where: 'body' | 'query' | 'path'): T {
  refuseUnstorable(value, where);
  const result = schema.safeParse(value, { error: plainWords });
  if (result.success) return result.data;
  const issues = result.error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: [...issue.path, key].join('.'),
        message: `unknown ${where === 'query' ? 'query parameter' : 'field'}`,
      }));
    }
    const path = issue.path.map(String).join('.');
    return [{ path: path || where, message: issue.message }];
  });
  throw new InvalidInput(
    issues,
    `Invalid ${where}: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
  );
}
