import { Conflict } from '../../domain/errors.ts';

/** Runs a write; a unique-key clash is reported with `message` rather than with the index's internal fields (a stale-version conflict keeps its own). */
export async function withConflictMessage<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Conflict && !error.message.includes('changed by another request')) throw new Conflict(message);
    throw error;
  }
}

/** Inserts or updates a named record; a unique-key clash is reported by name rather than by the index's fields. */
export function insertNamed<T>(write: () => Promise<T>, kind: string, name: string, where: string): Promise<T> {
  return withConflictMessage(write, `A ${kind} named "${name}" already exists ${where}`);
}
