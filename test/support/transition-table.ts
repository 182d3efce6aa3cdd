import test from 'ava';
import { IllegalTransition } from '../../domain/errors.ts';

/** A state machine as its tests see it: every state, every event, the legal moves, and the transition function. */
export interface StateMachine<S extends string, E extends string> {
  readonly states: readonly S[];
  readonly events: readonly E[];
  /** Each legal move as [from, event, to]; every other pair of state and event is illegal. */
  readonly legal: readonly (readonly [S, E, S])[];
  readonly transition: (from: S, event: E) => S;
}

/**
 * One test per state and event: a legal move reaches its target state, any other throws IllegalTransition. Titled
 * `<prefix>FROM --event--> TO` (TO is `IllegalTransition` for an illegal move).
 */
export function transitionTable<S extends string, E extends string>(prefix: string, machine: StateMachine<S, E>): void {
  for (const from of machine.states) {
    for (const event of machine.events) {
      const row = machine.legal.find(([status, name]) => status === from && name === event);
      test(`${prefix}${from} --${event}--> ${row ? row[2] : 'IllegalTransition'}`, (t) => {
        if (row) t.is(machine.transition(from, event), row[2]);
        else t.throws(() => machine.transition(from, event), { instanceOf: IllegalTransition });
      });
    }
  }
}
