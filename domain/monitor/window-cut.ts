/** One sign of a session in a discovery window: the session, at a time (creation, a turn, a span or its finish). */
export interface Stamp {
  readonly at: string;
  readonly sessionId: string;
}

/** How far a bounded look got: the sessions seen up to `through`, every sign at or before it among them. */
export interface WindowCut {
  readonly sessionIds: readonly string[];
  /** The last time wholly handled; null when not even the first time's signs fit. */
  readonly through: string | null;
  /** Whether every sign read was taken (the window's end is reached when the reads were not cut short). */
  readonly whole: boolean;
}

/**
 * Where a discovery window may be cut so that at most `budget` sessions are handled and none is skipped: signs are
 * taken a whole time at a time, in time order, up to (not including) `completeBefore` — the first time whose signs
 * the bounded reads may not all have returned (null: they returned all) — and never a time whose sessions would go
 * over the budget. Sessions sharing one time are never split: a later tick starts right after the last whole time.
 * Sessions in `free` (already handled through another window) are taken without counting against the budget.
 */
export function cutWindow(
  stamps: readonly Stamp[],
  budget: number,
  completeBefore: string | null,
  free: ReadonlySet<string> = new Set(),
): WindowCut {
  const sorted = [...stamps].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const taken = new Set<string>();
  let counted = 0;
  let through: string | null = null;
  let index = 0;
  while (index < sorted.length) {
    const at = sorted[index].at;
    if (completeBefore !== null && at >= completeBefore) break;
    let end = index;
    const added = new Set<string>();
    while (end < sorted.length && sorted[end].at === at) {
      if (!taken.has(sorted[end].sessionId)) added.add(sorted[end].sessionId);
      end += 1;
    }
    const cost = [...added].filter((id) => !free.has(id)).length;
    if (counted + cost > budget) break;
    counted += cost;
    for (const id of added) taken.add(id);
    through = at;
    index = end;
  }
  return { sessionIds: [...taken], through, whole: index === sorted.length && completeBefore === null };
}

/** The earliest time among the stamps, or null when there are none. */
export const earliest = (stamps: readonly Stamp[]): string | null =>
  stamps.reduce<string | null>((first, stamp) => (first === null || stamp.at < first ? stamp.at : first), null);
