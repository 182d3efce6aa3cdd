import type { Session } from '../../domain/tracing/session.ts';
import { type Condition, where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { chunks, listIn } from '../shared/list-in.ts';

type Needs = Pick<Ports, 'sessions' | 'inferenceResults' | 'spans'>;

/** More sessions than one window of one organization holds. */
const MANY = 1_000_000;

const after = (time: string) => [{ field: 'createdAt', op: 'gt', value: time }] as const;
const between = (from: string, to: string) =>
  [
    { field: 'createdAt', op: 'gt', value: from },
    { field: 'createdAt', op: 'lte', value: to },
  ] as const;

/** Ids of the sessions created, or given a turn or a span, in (from, to]: what changed, read through the time indexes. */
async function touched(ports: Needs, scope: string, from: string, to: string): Promise<Set<string>> {
  const [sessions, turns, spans] = await Promise.all([
    ports.sessions.distinctValues(scope, 'id', [...between(from, to), ...where.eq('isProduction', true)]),
    ports.inferenceResults.distinctValues(scope, 'sessionId', [...between(from, to)]),
    ports.spans.distinctValues(scope, 'sessionId', [...between(from, to)]),
  ]);
  return new Set([...sessions, ...turns, ...spans] as string[]);
}

/** Among these sessions, those given a turn or a span after `time` (not idle since). */
export async function activeAfter(
  ports: Needs,
  scope: string,
  sessionIds: readonly string[],
  time: string,
): Promise<Set<string>> {
  const active = new Set<string>();
  for (const part of chunks(sessionIds)) {
    const inPart = where.in('sessionId', part);
    const [turns, spans] = await Promise.all([
      ports.inferenceResults.distinctValues(scope, 'sessionId', [...inPart, ...after(time)]),
      ports.spans.distinctValues(scope, 'sessionId', [...inPart, ...after(time)]),
    ]);
    for (const id of [...turns, ...spans]) active.add(id as string);
  }
  return active;
}

/**
 * The organization's sessions that became ready in a window, found from what changed rather than by reading every
 * session: those whose last activity (creation, turn or span) lies in (activityFrom, activityTo] — idle since
 * `activityTo` — and those that finished in (finishedFrom, finishedTo]. FAILED and other products' sessions are left
 * to the caller's selection.
 */
export async function readySessions(
  ports: Needs,
  scope: string,
  window: { activityFrom: string; activityTo: string; finishedFrom: string; finishedTo: string },
): Promise<Session[]> {
  const ids = new Set<string>();
  if (window.activityTo > window.activityFrom) {
    const candidates = [...(await touched(ports, scope, window.activityFrom, window.activityTo))];
    const active = await activeAfter(ports, scope, candidates, window.activityTo);
    for (const id of candidates) if (!active.has(id)) ids.add(id);
  }
  const finished: Condition<Session>[] = [
    ...where.eq('isProduction', true),
    ...where.eq('status', 'COMPLETED'),
    { field: 'finishedAt', op: 'gt', value: window.finishedFrom },
    { field: 'finishedAt', op: 'lte', value: window.finishedTo },
  ];
  const completed = await ports.sessions.list(scope, { where: finished, limit: MANY });
  const idle = (await listIn(ports.sessions, scope, [...ids])).filter(
    (session) => session.createdAt <= window.activityTo && session.isProduction,
  );
  const byId = new Map([...idle, ...completed].map((session) => [session.id, session]));
  return [...byId.values()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}
