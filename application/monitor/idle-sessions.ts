import { cutWindow, earliest, type Stamp } from '../../domain/monitor/window-cut.ts';
import type { Session } from '../../domain/tracing/session.ts';
import { type Condition, where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';
import { activeAfter } from './active-after.ts';

type Needs = Pick<Ports, 'sessions' | 'inferenceResults' | 'spans'>;

type Created = Condition<{ createdAt: string }>;
const within = (from: string, to: string): Created[] => [
  { field: 'createdAt', op: 'gt', value: from },
  { field: 'createdAt', op: 'lte', value: to },
];
const oldestFirst = [{ field: 'createdAt', direction: 'asc' } as const];

/**
 * The first signs of activity in (from, to] — sessions created, turns and spans written — `limit` and one more of
 * each kind, read through the creation-time indexes; and the first time whose signs may not all have been read.
 */
async function firstSigns(ports: Needs, scope: string, from: string, to: string, limit: number) {
  const page = { sort: oldestFirst, limit: limit + 1 };
  const [sessions, turns, spans] = await Promise.all([
    ports.sessions.list(scope, { ...page, where: [...within(from, to), ...where.eq('isProduction', true)] }),
    ports.inferenceResults.list(scope, { ...page, where: within(from, to) }),
    ports.spans.list(scope, { ...page, where: within(from, to) }),
  ]);
  const kinds = [
    sessions.map((session) => ({ at: session.createdAt, sessionId: session.id })),
    turns.map((turn) => ({ at: turn.createdAt, sessionId: turn.sessionId })),
    spans.map((span) => ({ at: span.createdAt, sessionId: span.sessionId })),
  ];
  const cutShort = kinds.filter((stamps) => stamps.length > limit).map((stamps) => stamps[limit].at);
  const completeBefore = cutShort.length === 0 ? null : cutShort.reduce((a, b) => (a < b ? a : b));
  return { stamps: kinds.flat() as Stamp[], completeBefore };
}

/** Ids of the sessions created, or given a turn or a span, at exactly `at`. */
async function touchedAt(ports: Needs, scope: string, at: string): Promise<string[]> {
  const exactly = where.eq('createdAt', at);
  const [sessions, turns, spans] = await Promise.all([
    ports.sessions.distinctValues(scope, 'id', [...exactly, ...where.eq('isProduction', true)]),
    ports.inferenceResults.distinctValues(scope, 'sessionId', exactly),
    ports.spans.distinctValues(scope, 'sessionId', exactly),
  ]);
  return [...new Set([...sessions, ...turns, ...spans] as string[])];
}

/**
 * The sessions whose last activity (creation, turn or span) lies in (from, through], `through` being as far into
 * (from, to] as a tick gets with room for `budget` sessions: the window's end when all fit, else the last time
 * wholly taken — or, when not even the first time fits but there is room, that one time taken whole. Sessions active
 * after `through` are left for the look that reaches their last activity.
 */
export async function idleSessions(
  ports: Needs,
  scope: string,
  window: { from: string; to: string },
  budget: number,
): Promise<{ sessions: Session[]; through: string }> {
  if (window.to <= window.from || budget <= 0) return { sessions: [], through: window.from };
  const { stamps, completeBefore } = await firstSigns(ports, scope, window.from, window.to, budget);
  const cut = cutWindow(stamps, budget, completeBefore);
  let through = cut.whole ? window.to : cut.through;
  let candidates = cut.sessionIds;
  if (through === null) {
    through = earliest(stamps)!;
    candidates = await touchedAt(ports, scope, through);
  }
  const active = await activeAfter(ports, scope, candidates, through);
  const last = through;
  const sessions = (await listIn(ports.sessions, scope, candidates)).filter(
    (session) => !active.has(session.id) && session.createdAt <= last && session.isProduction,
  );
  return { sessions, through };
}
