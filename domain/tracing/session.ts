import { IllegalTransition, IssueCollector } from '../errors.ts';
import { checkJsonObject, type JsonObject } from '../shared/json.ts';
import type { Creation } from '../shared/record.ts';
import { checkOptionalText } from './fields.ts';

export const SESSION_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export type SessionEvent = 'finish' | 'fail';

/** A conversation of one product version; it holds inference results (turns). */
export interface Session {
  readonly id: string;
  readonly organizationId: string;
  readonly versionId: string;
  readonly testCaseId: string | null;
  readonly customId: string | null;
  readonly runId: string | null;
  readonly isProduction: boolean;
  readonly context: JsonObject | null;
  readonly metadata: JsonObject | null;
  readonly status: SessionStatus;
  readonly stoppingReason: string | null;
  readonly error: string | null;
  readonly finishedAt: string | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

export interface NewSession {
  readonly versionId: string;
  readonly testCaseId?: string | null;
  readonly customId?: string | null;
  readonly runId?: string | null;
  readonly isProduction?: boolean;
  readonly context?: JsonObject | null;
  readonly metadata?: JsonObject | null;
}

export type SessionChanges = Partial<Pick<Session, 'customId' | 'isProduction' | 'context' | 'metadata'>>;

/** How a session ends: a stopping reason completes it, an error fails it. */
export interface SessionEnding {
  readonly stoppingReason?: string | null;
  readonly error?: string | null;
}

const TRANSITIONS: Record<SessionStatus, Partial<Record<SessionEvent, SessionStatus>>> = {
  PENDING: { finish: 'COMPLETED', fail: 'FAILED' },
  COMPLETED: {},
  FAILED: {},
};

export function transition(status: SessionStatus, event: SessionEvent): SessionStatus {
  const next = TRANSITIONS[status][event];
  if (!next) throw new IllegalTransition(status, event);
  return next;
}

/** A session run from a test case, or inside a run, is a test, never production traffic. */
function validate(
  issues: IssueCollector,
  session: Pick<Session, 'testCaseId' | 'runId' | 'isProduction'>,
  changes: SessionChanges,
): void {
  issues.check(
    !(session.testCaseId !== null && session.isProduction),
    'isProduction',
    'a session of a test case cannot be a production session',
  );
  issues.check(
    !(session.runId !== null && session.isProduction),
    'runId',
    'a production session cannot belong to a run',
  );
  checkOptionalText(issues, 'customId', changes.customId, { maxBytes: 255 });
  checkJsonObject(issues, 'context', changes.context);
  checkJsonObject(issues, 'metadata', changes.metadata);
}

export function createSession(input: NewSession, { id, organizationId, now }: Creation): Session {
  const testCaseId = input.testCaseId ?? null;
  const runId = input.runId ?? null;
  const session: Session = {
    id,
    organizationId,
    versionId: input.versionId,
    testCaseId,
    customId: input.customId ?? null,
    runId,
    isProduction: input.isProduction ?? (testCaseId === null && runId === null),
    context: input.context ?? null,
    metadata: input.metadata ?? null,
    status: 'PENDING',
    stoppingReason: null,
    error: null,
    finishedAt: null,
    createdAt: now,
    deletedAt: null,
    version: 0,
  };
  const issues = new IssueCollector();
  validate(issues, session, input);
  issues.throwIfAny();
  return session;
}

export function updateSession(session: Session, changes: SessionChanges): Session {
  const next = { ...session, ...changes, isProduction: changes.isProduction ?? session.isProduction };
  const issues = new IssueCollector();
  validate(issues, next, changes);
  issues.throwIfAny();
  return next;
}

/** Finishes a pending session: COMPLETED with its stopping reason, or FAILED when an error is given. */
export function finishSession(session: Session, ending: SessionEnding, now: string): Session {
  const error = ending.error ?? null;
  const issues = new IssueCollector();
  checkOptionalText(issues, 'stoppingReason', ending.stoppingReason, { maxBytes: 10_000 });
  checkOptionalText(issues, 'error', error, { maxBytes: 100_000 });
  issues.throwIfAny();
  const status = transition(session.status, error === null ? 'finish' : 'fail');
  return { ...session, status, stoppingReason: ending.stoppingReason ?? null, error, finishedAt: now };
}
