import { z } from 'zod';
import { CONFLICT_REASONS } from '../http-errors.ts';
import { takenFromWire } from './wire-names.ts';

const asList = (value: unknown): unknown =>
  value === undefined
    ? undefined
    : (Array.isArray(value) ? value : [value]).flatMap((item) => String(item).split(',')).filter((item) => item !== '');

/**
 * An integer written in a query string: optional sign and 1 to 15 decimal digits, nothing else. `Number()` would
 * read '' as 0, '0x10' as 16, '1e3' as 1000 and ' 5' as 5; each of those is a 400 instead.
 */
const integerText = <T extends z.ZodType<number, number>>(value: T) =>
  z
    .string()
    .regex(/^[+-]?\d{1,15}$/, 'must be an integer written in decimal digits')
    .transform(Number)
    .pipe(value);
/** A decimal number written in a query string (`0.5`, `-3`, `.5`), refused when empty, hexadecimal or exponential. */
const numberText = z
  .string()
  .regex(/^[+-]?(\d{1,15}(\.\d{0,15})?|\.\d{1,15})$/, 'must be a decimal number')
  .transform(Number)
  .pipe(z.number());

/** Schemas for query strings, where every value arrives as text. */
export const q = {
  /** An array filter: repeat the parameter (`ids=a&ids=b`); commas also separate. */
  list: <T extends z.ZodType>(item: T) => z.preprocess(asList, z.array(item).max(1000).optional()),
  strings: () => q.list(z.string().min(1)),
  enums: <const E extends readonly [string, ...string[]]>(values: E) => q.list(z.enum(values)),
  string: () => z.string().min(1).optional(),
  /** One integer; `item` narrows it (`z.number().int().min(0)`). */
  integer: (item: z.ZodType<number, number> = z.number().int()) => integerText(item).optional(),
  /** An integer item of a `q.list`. */
  integerItem: () => integerText(z.number().int()),
  number: () => numberText.optional(),
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

/** A record's name in a request body: at most 255 characters. */
export const recordName = z.string().max(255);

/** Free text a request body may leave out, or set to null to clear it. */
export const optionalText = z.string().nullable().optional();

/**
 * `offset` (default 0), `limit` (default 100, at most 1000), `sort=field,direction` pairs from the given fields, and
 * the opaque `cursor` of a `Link rel="next"` header (never with `offset`).
 */
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
    offset: q.integer(z.number().int().min(0, 'offset must not be negative')),
    limit: q.integer(z.number().int().min(0, 'limit must not be negative').max(1000, 'limit is at most 1000')),
    sort: z.preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(sortPair).optional(),
    ),
    cursor: z
      .string()
      .min(1)
      .max(1024)
      .optional()
      .describe(
        'Where the page starts: the cursor of the previous answer\'s Link rel="next" header, used with the same ' +
          'filters and sort (else 400). Never with offset. Every page costs what the first does.',
      ),
  };
}

/**
 * The query of a list route: `ids`, then the route's own `filters`, then `offset`, `limit`, `sort` on the `sort`
 * fields and `cursor` (see `paging`).
 */
export const listQuery = <const F extends readonly [string, ...string[]], S extends z.ZodRawShape>({
  filters,
  sort,
}: {
  readonly filters: S;
  readonly sort: F;
}) => takenFromWire(z.strictObject({ ids: q.strings(), ...filters, ...paging(sort) }));

export const idParams = z.strictObject({ id: z.string().min(1) });

export const timestamp = z.iso.datetime();
export const nullableTimestamp = timestamp.nullable();

export const deletion = z.object({ id: z.string(), deletedAt: timestamp }).meta({ id: 'Deletion' });

export const errorBody = z
  .object({
    error: z.string(),
    message: z.string(),
    reason: z
      .enum(CONFLICT_REASONS)
      .optional()
      .describe(
        "On a 409 conflict only: stale_version (another write landed first; sending the request again may succeed), duplicate (a unique key is taken) or illegal_transition (the record's state forbids the change). Retry on stale_version only.",
      ),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

/** A free-form JSON object. */
export const jsonObject = z.record(z.string(), z.unknown());
