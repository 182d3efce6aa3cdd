import { DuplicateKey } from '../../domain/errors.ts';

/** Runs a write; a unique-key clash is reported with `message` rather than with the index's internal fields. */
export async function withConflictMessage<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DuplicateKey) throw new DuplicateKey(error.fields, message);
    throw error;
  }
}

/**
 * Inserts or updates a record named uniquely in its organization; a unique-key clash is reported by kind and name
 * rather than by the index's fields.
 */
export function insertNamed<T>(write: () => Promise<T>, named: { kind: string; name: string }): Promise<T> {
  return withConflictMessage(write, `A ${named.kind} named "${named.name}" already exists in this organization`);
}
