import { z } from 'zod';
import { nullableTimestamp, timestamp } from './common.ts';
import { type Code, hasWireNames, type ShownOnWire, shownOnWire, takenFromWire, type Wire } from './wire-names.ts';

type Shape = Record<string, z.ZodType>;

/** A schema field outside the `Listed` fields of the domain type is refused. */
type NoOthers<S, Listed extends PropertyKey> = { [K in Exclude<keyof S, Listed>]: never };

/** Which way a schema meets its domain type: a response shows the record, a request feeds the input. */
type Direction = 'response' | 'request';

/**
 * A response schema accepts the record's value (a readonly array passes an array schema); a request schema produces
 * what the input field takes.
 */
type Compatible<Value, Schema extends z.ZodType, D extends Direction> = D extends 'response'
  ? [Value] extends [Readonly<z.input<Schema>>]
    ? true
    : false
  : [z.output<Schema>] extends [Value]
    ? true
    : false;

type Mismatch<Value, D extends Direction> = D extends 'response'
  ? { "this schema refuses the record's value": Value }
  : { 'this schema produces what the input field does not take': Value };

/** The API's names of the fields `K` of `T`. */
type WireKeys<T, K extends keyof T> = keyof Wire<Pick<T, K>>;

/** One compatible schema per listed field of `T`, and no schema for anything else. */
type TiedShape<T, Listed extends keyof T, S extends Shape, D extends Direction> = {
  [K in Listed]-?: K extends keyof S ? (Compatible<T[K], S[K], D> extends true ? S[K] : Mismatch<T[K], D>) : z.ZodType;
} & NoOthers<S, Listed>;

/**
 * The fields of a response schema showing record `T`: one schema per field of `T` except the `Hidden` ones (internal
 * fields such as `version` or hashes), none for a field `T` lacks, and each accepting the record's value. A field added
 * to `T` fails to compile here until it is shown or hidden.
 */
export const responseFields =
  <T, Hidden extends keyof T = never>() =>
  <S extends Shape>(shape: S & TiedShape<Wire<T>, Exclude<keyof Wire<T>, WireKeys<T, Hidden>>, S, 'response'>): S =>
    shape;

/**
 * The fields of a request schema feeding input type `T`: one schema per field of `T` except the `Omitted` ones (set by
 * the server, not the caller), none for a field `T` lacks, and each producing what the field takes. A field added to
 * `T` fails to compile here until the request accepts it or omits it.
 */
export const requestFields =
  <T, Omitted extends keyof T = never>() =>
  <S extends Shape>(shape: S & TiedShape<Wire<T>, Exclude<keyof Wire<T>, WireKeys<T, Omitted>>, S, 'request'>): S =>
    shape;

/**
 * A response schema showing record `T`, named `id` in the OpenAPI document; its fields tied as `responseFields`, under
 * the API's names.
 */
export const recordResponse =
  <T, Hidden extends keyof T = never>({ id }: { readonly id: string }) =>
  <S extends Shape>(
    shape: S & TiedShape<Wire<T>, Exclude<keyof Wire<T>, WireKeys<T, Hidden>>, S, 'response'>,
  ): ShownOnWire<z.ZodObject<S>> => {
    const schema = z.object(shape as S).meta({ id });
    return (hasWireNames(shape) ? shownOnWire(schema) : schema) as ShownOnWire<z.ZodObject<S>>;
  };

/** A request body feeding input `T` (unknown fields refused), named `id`; its fields tied as `requestFields`. */
export const requestBody =
  <T, Omitted extends keyof T = never>({ id }: { readonly id: string }) =>
  <S extends Shape>(
    shape: S & TiedShape<Wire<T>, Exclude<keyof Wire<T>, WireKeys<T, Omitted>>, S, 'request'>,
  ): z.ZodType<Code<z.output<z.ZodObject<S, z.core.$strict>>>, z.input<z.ZodObject<S, z.core.$strict>>> =>
    takenFromWire(z.strictObject(shape as S)).meta({ id });

/** The ids a response shows first on a record an organization owns: its own and its organization's. */
export const ownedRecordIds = { id: z.string(), organizationId: z.string() };

/** When a record was created and when it was soft-deleted (null while live): the last fields most responses show. */
export const lifecycleTimestamps = { createdAt: timestamp, deletedAt: nullableTimestamp };
