import { Mutex } from '../../shared/mutex.ts';

const turns = new WeakMap<object, Mutex>();

/**
 * The one queue of SQLite writers of a database handle: its transactions, and the statements written alone outside
 * one (`onOwnConnection`), take turns, so they meet on the kept writer connection instead of waiting busy on another.
 */
export function writerTurnOf(database: object): Mutex {
  let turn = turns.get(database);
  if (!turn) {
    turn = new Mutex();
    turns.set(database, turn);
  }
  return turn;
}
