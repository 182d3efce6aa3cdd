import type { z } from 'zod';
import { InvalidInput } from '../../domain/errors.ts';

/** Validates one part of a request; problems become InvalidInput with one issue per field. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, where: 'body' | 'query' | 'path'): T {
  const result = schema.safeParse(value);
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
