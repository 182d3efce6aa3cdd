import type { Session } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';
import { cutFinished, readFinished } from './finished-sessions.ts';
import { idleSessions } from './idle-sessions.ts';

type Needs = Pick<Ports, 'sessions' | 'inferenceResults' | 'spans'>;

/** A monitor's windows: activity in (activityFrom, activityTo] for idleness, finishes in (finishedFrom, finishedTo]. */
export interface ReadyWindow {
  readonly activityFrom: string;
  readonly activityTo: string;
  readonly finishedFrom: string;
  readonly finishedTo: string;
}

/** The sessions one look found ready, and how far each window was wholly looked at. */
export interface ReadyLook {
  readonly sessions: Session[];
  readonly activityThrough: string;
  readonly finishedThrough: string;
}

/**
 * The organization's sessions that became ready in a monitor's windows, at most `budget` of them, found from what
 * changed rather than by reading every session: those whose last activity (creation, turn or span) lies in the
 * activity window — idle since — and those that finished in the finished window. Each window is read in time order
 * with a limit and cut at a time all of whose sessions are taken, so the rest is found by the next look. When both
 * windows hold more than the budget each gets at least half of it, so neither waits behind the other. FAILED and
 * other products' sessions are left to the caller's selection.
 */
export async function readySessions(
  ports: Needs,
  scope: string,
  window: ReadyWindow,
  budget: number,
): Promise<ReadyLook> {
  const finishedWindow = { from: window.finishedFrom, to: window.finishedTo };
  const finishedRows = await readFinished(ports, scope, finishedWindow.from, finishedWindow.to, budget);
  const idleBudget = budget - Math.min(finishedRows.length, Math.floor(budget / 2));
  const idle = await idleSessions(ports, scope, { from: window.activityFrom, to: window.activityTo }, idleBudget);
  const finished = await cutFinished(
    ports,
    scope,
    finishedWindow,
    { rows: finishedRows, limit: budget },
    budget - idle.sessions.length,
    new Set(idle.sessions.map((session) => session.id)),
  );
  const byId = new Map([...idle.sessions, ...finished.sessions].map((session) => [session.id, session]));
  const sessions = [...byId.values()].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );
  return { sessions, activityThrough: idle.through, finishedThrough: finished.through };
}
