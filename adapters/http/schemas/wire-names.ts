import { z } from 'zod';

/**
 * The code's field names that the HTTP API spells otherwise, code → API: the one place they meet. The API keeps the
 * specification's words (a dataset is a "test"); the domain, the application and the tables say dataset.
 */
export const WIRE_NAMES = { datasetId: 'testId', datasetIds: 'testIds' } as const;

type Names = typeof WIRE_NAMES;
type CodeName = keyof Names;
type WireName = Names[CodeName];
type CodeNameOf<W extends WireName> = { [C in CodeName]: Names[C] extends W ? C : never }[CodeName];

/** `T` with its fields under the API's names. */
export type Wire<T> = { [K in keyof T as K extends CodeName ? Names[K] : K]: T[K] };
/** `T` with its fields under the code's names. */
export type Code<T> = { [K in keyof T as K extends WireName ? CodeNameOf<K> : K]: T[K] };

const CODE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(WIRE_NAMES).map(([code, wire]) => [wire, code]),
);

/** A plain object with the fields `names` lists renamed (the same object when none is there); anything else as is. */
function renamed(value: unknown, names: Readonly<Record<string, string>>): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  if (!Object.keys(value).some((key) => Object.hasOwn(names, key))) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [Object.hasOwn(names, key) ? names[key] : key, field]),
  );
}

/** A field path (`datasetIds.2`) or a message naming fields, in the API's words. */
export function wireText(text: string): string {
  return text.replace(/\b(datasetIds|datasetId)\b/g, (name) => WIRE_NAMES[name as CodeName]);
}

/**
 * A response object schema that shows a record held under the code's names: the record's fields are renamed before
 * the schema reads them. The OpenAPI document shows `schema` itself.
 */
export const shownOnWire = <S extends z.ZodObject>(schema: S) =>
  z.preprocess((value) => renamed(value, WIRE_NAMES), schema);

/** The schema `shownOnWire` makes of `S`: `S` itself when it has no field the API names otherwise. */
export type ShownOnWire<S extends z.ZodObject> =
  Extract<keyof z.output<S>, WireName> extends never ? S : ReturnType<typeof shownOnWire<S>>;

/**
 * A request object schema (body or query) whose parsed value is handed over under the code's names. The OpenAPI
 * document shows `schema` itself (a rename is an overwrite, not a transform).
 */
export const takenFromWire = <S extends z.ZodObject>(schema: S) =>
  schema.overwrite((value) => renamed(value, CODE_NAMES) as typeof value) as unknown as z.ZodType<
    Code<z.output<S>>,
    z.input<S>
  >;

/** Whether an object shape has a field the API names otherwise. */
export const hasWireNames = (shape: object): boolean =>
  Object.keys(shape).some((key) => Object.hasOwn(CODE_NAMES, key));
