import { isActiveMetric } from '../../domain/catalog/metric.ts';
import { creditCost } from '../../domain/evaluation/credits.ts';
import { createEvaluation } from '../../domain/evaluation/evaluation.ts';
import { passesContentFilter } from '../../domain/monitor/content-filter.ts';
import { capMonitor } from '../../domain/monitor/monitor-accounting.ts';
import { fitUnderCap, isSelected } from '../../domain/monitor/monitor-selection.ts';
import { type Monitor, UNMONITORED_SOURCES } from '../../domain/monitor/monitor.ts';
import type { Session } from '../../domain/tracing/session.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { chunks, listIn } from '../shared/list-in.ts';

export type QueueNeeds = Pick<
  Ports,
  | 'uow'
  | 'clock'
  | 'ids'
  | 'monitors'
  | 'monitorSessions'
  | 'evaluations'
  | 'metrics'
  | 'versions'
  | 'inferenceResults'
  | 'jobQueue'
  | 'monitorObserver'
>;

/** More turns than the sessions of one chunk hold. */
const MANY = 1_000_000;

async function unclaimed(ports: QueueNeeds, monitor: Monitor, sessions: readonly Session[]): Promise<Session[]> {
  const claimed = new Set<unknown>();
  for (const part of chunks(sessions.map((session) => session.id))) {
    const ids = await ports.monitorSessions.distinctValues(monitor.organizationId, 'sessionId', [
      ...where.eq('monitorId', monitor.id),
      ...where.in('sessionId', part),
    ]);
    for (const id of ids) claimed.add(id);
  }
  return sessions.filter((session) => !claimed.has(session.id));
}

async function filtered(ports: QueueNeeds, monitor: Monitor, sessions: readonly Session[]): Promise<Session[]> {
  if (!monitor.contentFilter) return [...sessions];
  const kept: Session[] = [];
  for (const part of chunks(sessions, 100)) {
    const turns = await ports.inferenceResults.list(monitor.organizationId, {
      where: where.in(
        'sessionId',
        part.map((session) => session.id),
      ),
      limit: MANY,
    });
    for (const session of part)
      if (
        passesContentFilter(
          monitor.contentFilter,
          turns.filter((turn) => turn.sessionId === session.id),
        )
      )
        kept.push(session);
  }
  return kept;
}

/**
 * Queues the monitor's evaluations of ready sessions: those it selects (production, its versions, not FAILED,
 * sampled), not claimed before, passing its content filter, as many as its monthly cap allows (CAPPED when some did
 * not fit). The once-only marks, the evaluations, their jobs and the monitor (with `changes`, e.g. how far discovery
 * looked) are written in one transaction: a concurrent claim (unique mark) or write (stale version) rolls it all
 * back. Answers how many sessions were queued.
 */
export async function queueMonitorSessions(
  ports: QueueNeeds,
  settings: Pick<Settings, 'llmJudgeCredits'>,
  monitor: Monitor,
  sessions: readonly Session[],
  changes: Partial<Monitor> = {},
): Promise<number> {
  const scope = monitor.organizationId;
  const versionIds = monitor.versionId
    ? []
    : await ports.versions.distinctValues(scope, 'id', where.eq('productId', monitor.productId));
  const known = new Set(versionIds as string[]);
  const selected = sessions.filter((session) => isSelected(monitor, session, known));
  const candidates = await filtered(ports, monitor, await unclaimed(ports, monitor, selected));
  const metrics = (await listIn(ports.metrics, scope, monitor.metricIds)).filter(
    (metric) => isActiveMetric(metric) && !UNMONITORED_SOURCES.includes(metric.source),
  );
  const judged = metrics.filter((metric) => creditCost(metric.source, settings.llmJudgeCredits) > 0);
  const sessionCost = judged.length * settings.llmJudgeCredits;
  const pending =
    monitor.monthlyCreditCap === null || sessionCost === 0
      ? 0
      : await ports.evaluations.count(scope, {
          where: [
            ...where.eq('monitorId', monitor.id),
            ...where.eq('status', 'PENDING'),
            ...where.in(
              'metricId',
              judged.map((metric) => metric.id),
            ),
          ],
        });
  const fit = fitUnderCap(monitor, metrics.length === 0 ? 0 : candidates.length, {
    sessionCost,
    pendingCost: pending * settings.llmJudgeCredits,
  });
  const queued = candidates.slice(0, fit.take);
  const now = ports.clock.now();
  const evaluations = queued.flatMap((session) =>
    metrics.map((metric) =>
      createEvaluation(
        {
          id: ports.ids.next('evaluation'),
          organizationId: scope,
          metricId: metric.id,
          sessionId: session.id,
          userId: null,
          testCaseId: session.testCaseId,
          inferenceResultId: null,
          runId: null,
          launchId: null,
          versionId: session.versionId,
          monitorId: monitor.id,
          metricLegacyAt: metric.legacyAt,
          metricDisabledAt: metric.disabledAt,
        },
        now,
      ),
    ),
  );
  const counted = { ...monitor, ...changes, evaluationCount: monitor.evaluationCount + evaluations.length };
  const next = fit.capped ? capMonitor(counted) : counted;
  await ports.uow.transaction(async () => {
    await ports.monitorSessions.insertMany(
      queued.map((session) => ({
        id: ports.ids.next('monitorSession'),
        organizationId: scope,
        monitorId: monitor.id,
        sessionId: session.id,
        createdAt: now,
        deletedAt: null,
      })),
    );
    await ports.evaluations.insertMany(evaluations);
    await ports.jobQueue.enqueue(
      evaluations.map((evaluation) => ({ organizationId: scope, evaluationId: evaluation.id })),
    );
    const changed = next.status !== monitor.status || evaluations.length > 0;
    await ports.monitors.update({ ...next, updatedAt: changed ? now : next.updatedAt });
  });
  ports.monitorObserver.evaluationsQueued(evaluations.length);
  return queued.length;
}
