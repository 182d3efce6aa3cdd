import { type FieldOf, fieldsOf, type ListQuery, UnknownField } from '../../application/ports/list-query.ts';
import type { Storable } from '../../application/ports/record-store.ts';

/** Every field of T named once; a missing or extra name does not compile. */
export type FieldSet<T> = { readonly [K in FieldOf<T>]-?: true };

/** How one kind of record is stored, shared by the memory and SQL adapter families. */
export interface RecordKindDeclaration<T extends Storable> {
  /** The internal name, used in programming errors (`Dataset`). */
  readonly name: string;
  /** What users call the record in messages, when it is not `name`: the wire word (`Test` for a dataset). */
  readonly publicName?: string;
  /** The field that holds the owning organization: `organizationId`, or `id` for organizations themselves. */
  readonly scopeField: FieldOf<T>;
  /** The record's fields: conditions and sort keys on any other field are refused with UnknownField. */
  readonly fields: FieldSet<T>;
  /** Field sets unique among live (not soft-deleted) records; the SQL schema has the same partial indexes. */
  readonly unique?: readonly (readonly FieldOf<T>[])[];
  /** Field sets unique among live records whose fields equal `when`; the SQL schema has the same partial indexes. */
  readonly uniqueWhen?: readonly UniqueWhen<T>[];
}

/** A uniqueness that holds only among the records in one state (one OPEN alert per rule). */
export interface UniqueWhen<T> {
  readonly fields: readonly FieldOf<T>[];
  readonly when: { readonly [K in FieldOf<T>]?: T[K] };
}

export interface RecordKind<T extends Storable> extends RecordKindDeclaration<T> {
  readonly publicName: string;
  /** Whether the record carries a `version` (then a stale write is refused and every write bumps it). */
  readonly versioned: boolean;
}

/** Completes a declaration: the public name defaults to the internal one; a record with `version` is versioned. */
export const recordKind = <T extends Storable>(declaration: RecordKindDeclaration<T>): RecordKind<T> => ({
  ...declaration,
  publicName: declaration.publicName ?? declaration.name,
  versioned: 'version' in declaration.fields,
});

/** The fields of every record an organization owns: its id, its organization, its creation and its soft deletion. */
const ownedRecordFields = { id: true, organizationId: true, createdAt: true, deletedAt: true } as const;

type OwnedRecordField = keyof typeof ownedRecordFields;

/** How a record an organization owns is stored: scoped by `organizationId`, declaring only its other fields. */
export interface OwnedRecordKindDeclaration<T extends Storable>
  extends Omit<RecordKindDeclaration<T>, 'scopeField' | 'fields'> {
  /** The record's fields besides `id`, `organizationId`, `createdAt` and `deletedAt`, which every such record has. */
  readonly fields: FieldSet<Omit<T, OwnedRecordField>>;
}

/** Completes the declaration of a record an organization owns, as `recordKind` does, with the fields they all have. */
export const ownedRecordKind = <T extends Storable & { readonly organizationId: string | null }>(
  declaration: OwnedRecordKindDeclaration<T>,
): RecordKind<T> =>
  recordKind<T>({
    ...declaration,
    scopeField: 'organizationId',
    // The spread names every field of T: the owned ones here, the others checked by FieldSet<Omit<T, …>>.
    fields: { ...ownedRecordFields, ...declaration.fields } as FieldSet<T>,
  });

/** Refuses a field the record does not have, the same way in every adapter (the compiler refuses it first). */
export function assertField<T extends Storable>(kind: RecordKind<T>, field: string): void {
  if (!Object.hasOwn(kind.fields, field)) throw new UnknownField(kind.name, field);
}

/** Refuses a query whose conditions or sort keys name a field the record does not have. */
export function assertQueryFields<T extends Storable>(kind: RecordKind<T>, query: ListQuery<T>): void {
  for (const field of (query.where ?? []).flatMap(fieldsOf)) assertField(kind, field);
  for (const key of query.sort ?? []) assertField(kind, key.field);
}
