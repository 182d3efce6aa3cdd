import { cutWindow, earliest } from '../../domain/monitor/window-cut.ts';
import type { Session } from '../../domain/tracing/session.ts';
import { type Condition, where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';

type Needs = Pick<Ports, 'sessions'>;

const completed = (from: string, to: string): Condition<Session>[] => [
  ...where.eq('isProduction', true),
  ...where.eq('status', 'COMPLETED'),
  { field: 'finishedAt', op: 'gt', value: from },
  { field: 'finishedAt', op: 'lte', value: to },
];

/** The first production sessions that finished in (from, to], in finishing order: `limit` and one more to tell. */
export function readFinished(ports: Needs, scope: string, from: string, to: string, limit: number): Promise<Session[]> {
  return ports.sessions.list(scope, {
    where: completed(from, to),
    sort: [{ field: 'finishedAt', direction: 'asc' }],
    limit: limit + 1,
  });
}

/**
 * Of the sessions `readFinished` answered (`rows`, read with `limit`), those a tick handles with room for `budget`,
 * and how far that completes the window: to its end when all fit, else to the last finishing time wholly taken. When
 * not even the first finishing time fits but there is room, that time's sessions are taken whole (read by id, as
 * many as finished in that one millisecond), so a tick always moves on. Sessions in `free` (found idle by the same
 * look) take no room.
 */
export async function cutFinished(
  ports: Needs,
  scope: string,
  window: { from: string; to: string },
  read: { rows: readonly Session[]; limit: number },
  budget: number,
  free: ReadonlySet<string>,
): Promise<{ sessions: Session[]; through: string }> {
  const rows = read.rows;
  const completeBefore = rows.length > read.limit ? rows[read.limit].finishedAt : null;
  const stamps = rows.map((session) => ({ at: session.finishedAt!, sessionId: session.id }));
  const cut = cutWindow(stamps, budget, completeBefore, free);
  if (cut.whole) return { sessions: [...rows], through: window.to };
  if (cut.through !== null) {
    const through = cut.through;
    return { sessions: rows.filter((session) => session.finishedAt! <= through), through };
  }
  const first = earliest(stamps);
  if (budget <= 0 || first === null) return { sessions: [], through: window.from };
  const ids = await ports.sessions.distinctValues(scope, 'id', [
    ...completed(window.from, window.to),
    ...where.eq('finishedAt', first),
  ]);
  return { sessions: await listIn(ports.sessions, scope, ids as string[]), through: first };
}
