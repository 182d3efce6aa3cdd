/** Model calls in a row that add nothing new after which a job stops with what it has. */
export const FRUITLESS_CALLS_LIMIT = 3;

/** Where a job's calls stand: test cases held and wanted, calls made and allowed, fruitless calls in a row. */
export interface CallTally {
  readonly held: number;
  readonly wanted: number;
  readonly calls: number;
  readonly maxCalls: number;
  readonly fruitlessInARow: number;
}

/** Why a job stops calling the model, or null while it should call again. */
export function stopReason(tally: CallTally): 'enough' | 'call_limit' | 'fruitless' | null {
  if (tally.held >= tally.wanted) return 'enough';
  if (tally.calls >= tally.maxCalls) return 'call_limit';
  if (tally.fruitlessInARow >= FRUITLESS_CALLS_LIMIT) return 'fruitless';
  return null;
}

/** The tally after one call that added `added` test cases (already counted in `held` by `wrote`). */
export const afterCall = (tally: CallTally, added: number): CallTally => ({
  ...tally,
  calls: tally.calls + 1,
  fruitlessInARow: added > 0 ? 0 : tally.fruitlessInARow + 1,
});

/** The tally after `count` test cases were written. */
export const wrote = (tally: CallTally, count: number): CallTally => ({ ...tally, held: tally.held + count });
