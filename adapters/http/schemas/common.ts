import { z } from 'zod';

const asList = (value: unknown): unknown =>
  value === undefined
    ? undefined
    : (Array.isArray(value) ? value : [value]).flatMap((item) => String(item).split(',')).filter((item) => item !== '');

/** Schemas for query strings, where every value arrives as text. */
export const q = {
  /** An array filter: repeat the parameter (`ids=a&ids=b`); commas also separate. */
  list: <T extends z.ZodType>(item: T) => z.preprocess(asList, z.array(item).max(1000).optional()),
  strings: () => q.list(z.string().min(1)),
  enums: <const E extends readonly [string, ...string[]]>(values: E) => q.list(z.enum(values)),
  string: () => z.string().min(1).optional(),
  integer: () => z.coerce.number().int().optional(),
  number: () => z.coerce.number().optional(),
  boolean: () =>
    z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
  timestamp: () =>
    z.iso
      .datetime({ offset: true })
      .transform((value) => new Date(value).toISOString())
      .optional(),
};

const asExactList = (value: unknown): unknown =>
  value === undefined ? undefined : (Array.isArray(value) ? value : [value]).map(String);

/** The filters of records with a name: part of the name in any case, or exact names (commas are part of a name). */
export const nameFilters = {
  name: q.string().describe('Part of the name, in any case'),
  names: z
    .preprocess(asExactList, z.array(z.string().min(1)).max(1000).optional())
    .describe('Exact names; repeat the parameter for several'),
};

/** `offset` (default 0), `limit` (default 100, at most 1000) and `sort=field,direction` pairs from the given fields. */
export function paging<const F extends readonly [string, ...string[]]>(sortFields: F) {
  const sortPair = z
    .string()
    .regex(
      new RegExp(`^(${sortFields.join('|')}),(asc|desc)$`),
      `sort takes field,direction with field one of ${sortFields.join(', ')} and direction asc or desc`,
    )
    .transform((pair) => {
      const [field, direction] = pair.split(',') as [F[number], 'asc' | 'desc'];
      return { field, direction };
    });
  return {
    offset: z.coerce.number().int().min(0, 'offset must not be negative').optional(),
    limit: z.coerce.number().int().min(0, 'limit must not be negative').max(1000, 'limit is at most 1000').optional(),
    sort: z.preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(sortPair).optional(),
    ),
  };
}

export const idParams = z.strictObject({ id: z.string().min(1) });

export const timestamp = z.iso.datetime();
export const nullableTimestamp = timestamp.nullable();

export const deletion = z.object({ id: z.string(), deletedAt: timestamp }).meta({ id: 'Deletion' });

export const errorBody = z
  .object({
    error: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

/** A free-form JSON object. */
export const jsonObject = z.record(z.string(), z.unknown());
