import { advanceRepricing, REPRICING_CHUNK, type Repricing } from '../../domain/cost/repricing.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { RepricingJob } from '../ports/job-queue.ts';
import { type Condition, where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { type PricingPorts, repriceStoredTurns } from './price-turns.ts';

/** Sessions of a version a version's repricing covers per chunk (their turns all together). */
const SESSIONS_PER_CHUNK = 50;

type RunPorts = PricingPorts & Pick<Ports, 'repricings' | 'jobQueue' | 'uow' | 'clock'>;

const after = <T extends { id: string }>(id: string | null): Condition<T>[] =>
  id === null ? [] : [{ field: 'id', op: 'gt', value: id }];

/**
 * The repricing worker: each delivery re-prices one bounded chunk of turns in one transaction, records where it got
 * to, and queues the job again until a chunk finds nothing (the job is completed). Delivered twice, a chunk is priced
 * twice with the same outcome.
 */
export class RunRepricings {
  constructor(private readonly ports: RunPorts) {}

  async executeBatch(jobs: readonly RepricingJob[]): Promise<void> {
    for (const job of jobs) await retryStale(() => this.step(job));
  }

  async giveUp(job: RepricingJob): Promise<void> {
    const repricing = await this.ports.repricings.get(job.organizationId, job.repricingId);
    if (repricing && repricing.state !== 'completed')
      await this.ports.repricings.update({ ...repricing, state: 'completed', finishedAt: this.ports.clock.now() });
  }

  private step(job: RepricingJob): Promise<void> {
    return this.ports.uow.transaction(async () => {
      const repricing = await this.ports.repricings.get(job.organizationId, job.repricingId);
      if (!repricing || repricing.state === 'completed') return;
      const chunk = await this.chunk(repricing);
      await repriceStoredTurns(this.ports, repricing.organizationId, chunk.turnIds);
      const next = advanceRepricing(
        repricing,
        { lastId: chunk.lastId, count: chunk.turnIds.length },
        this.ports.clock.now(),
      );
      await this.ports.repricings.update(next);
      if (next.state !== 'completed') await this.ports.jobQueue.enqueueRepricings([job]);
    });
  }

  private async chunk(repricing: Repricing): Promise<{ lastId: string | null; turnIds: string[] }> {
    const scope = repricing.organizationId;
    if (repricing.modelId !== null) {
      const turns: InferenceResult[] = await this.ports.inferenceResults.list(scope, {
        where: [...where.eq('priceModelId', repricing.modelId), ...after<InferenceResult>(repricing.afterId)],
        sort: [{ field: 'id', direction: 'asc' }],
        limit: REPRICING_CHUNK,
      });
      return { lastId: turns.at(-1)?.id ?? null, turnIds: turns.map((turn) => turn.id) };
    }
    const sessions = await this.ports.sessions.list(scope, {
      where: [...where.eq('versionId', repricing.versionId), ...after(repricing.afterId)],
      sort: [{ field: 'id', direction: 'asc' }],
      limit: SESSIONS_PER_CHUNK,
    });
    if (sessions.length === 0) return { lastId: null, turnIds: [] };
    const turns = await this.ports.inferenceResults.list(scope, {
      where: where.in(
        'sessionId',
        sessions.map((session) => session.id),
      ),
      limit: 1_000_000,
    });
    return { lastId: sessions.at(-1)?.id ?? null, turnIds: turns.map((turn) => turn.id) };
  }
}
