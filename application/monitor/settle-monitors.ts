import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import { recordOutcomes } from '../../domain/monitor/monitor-accounting.ts';
import type { Ports } from '../ports/ports.ts';
import { retryStale } from '../shared/retry-stale.ts';

type Needs = Pick<Ports, 'uow' | 'clock' | 'monitors' | 'monitorObserver'>;

/**
 * After a scoring batch is written: each monitor among the scored evaluations counts their credits against its cap
 * and their failures in a row, and may turn CAPPED, NO_CREDITS or FAILING. Call it with the evaluations the batch
 * wrote (never those another delivery wrote), in the order they were scored.
 */
export async function settleMonitors(ports: Needs, scope: string, scored: readonly Evaluation[]): Promise<void> {
  const byMonitor = new Map<string, Evaluation[]>();
  for (const evaluation of scored) {
    if (!evaluation.monitorId) continue;
    byMonitor.set(evaluation.monitorId, [...(byMonitor.get(evaluation.monitorId) ?? []), evaluation]);
    ports.monitorObserver.evaluationsScored(evaluation.status, 1);
  }
  for (const [monitorId, outcomes] of byMonitor) {
    await retryStale(async () => {
      const monitor = await ports.monitors.get(scope, monitorId);
      if (!monitor) return;
      await ports.monitors.update(recordOutcomes(monitor, outcomes, ports.clock.now()));
    });
  }
}
