import { type GenerationJob, isOpen } from '../../domain/dataset-generation/generation-job.ts';
import { affordableCount } from '../../domain/dataset-generation/generation-credits.ts';
import { dedupKey, freshItems } from '../../domain/dataset-generation/generated-items.ts';
import { afterCall, type CallTally, stopReason, wrote } from '../../domain/dataset-generation/stop-rules.ts';
import { buildTestCase, type TestCaseFields, type TestCase } from '../../domain/dataset/test-case.ts';
import { StaleVersion } from '../../domain/errors.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';

/** A test case the job would write, with the text it is told apart by (its input; a scenario's scenario). */
export interface Candidate {
  readonly key: string;
  readonly fields: TestCaseFields & { readonly input: string | Record<string, unknown> };
}

export type SessionPorts = Pick<Ports, 'generationJobs' | 'testCases' | 'organizations' | 'uow' | 'ids' | 'clock'>;
type SessionSettings = Pick<Settings, 'generationCreditsPerTestCase' | 'generationMaxCalls'>;

/** Why the session stopped writing before the stop rules said so. */
export type Interruption = 'cancelled' | 'credits' | null;

/** Keeps a job's test cases read per page when a redelivered job learns what it wrote. */
const HELD_PAGE = 1000;

/**
 * One worker's run of a job: it knows what the job holds (to drop duplicates), counts calls for the stop rules, and
 * writes test cases batch by batch. Each batch is one transaction that first reads the job (a cancelled job writes
 * nothing more), takes the credits the batch costs (fewer test cases when the credits run short) and advances the
 * job's progress under its version.
 */
export class GenerationSession {
  interruption: Interruption = null;
  private tally: CallTally;

  private constructor(
    private readonly ports: SessionPorts,
    private readonly settings: SessionSettings,
    private job: GenerationJob,
    private readonly seen: Set<string>,
    /** What the job wrote before (a redelivered job), oldest first. */
    readonly held: readonly TestCase[],
  ) {
    this.tally = {
      held: job.doneCount,
      wanted: job.maxTestCases,
      calls: job.callCount,
      maxCalls: settings.generationMaxCalls,
      fruitlessInARow: 0,
    };
  }

  /** The session of a job, knowing what it wrote: its dataset's generated test cases since the job was created. */
  static async open(
    ports: SessionPorts,
    settings: SessionSettings,
    job: GenerationJob,
    keyOf: (testCase: TestCase) => string,
  ): Promise<GenerationSession> {
    const held: TestCase[] = [];
    for (;;) {
      const page = await ports.testCases.list(job.organizationId, {
        where: [
          ...where.eq('datasetId', job.datasetId),
          ...where.eq('source', 'generated'),
          ...where.range('createdAt', job.createdAt, undefined),
        ],
        sort: [{ field: 'createdAt', direction: 'asc' }],
        limit: HELD_PAGE,
        ...(held.length > 0 ? { after: held[held.length - 1].id } : {}),
      });
      held.push(...page);
      if (page.length < HELD_PAGE) break;
    }
    return new GenerationSession(
      ports,
      settings,
      job,
      new Set(held.map((testCase) => dedupKey(keyOf(testCase)))),
      held,
    );
  }

  get current(): GenerationJob {
    return this.job;
  }

  /** Why the job should stop calling the model, or null while it should go on. */
  stopped(): string | null {
    if (this.interruption !== null) return this.interruption;
    return stopReason(this.tally);
  }

  /** How many more test cases the job wants. */
  get room(): number {
    return Math.max(0, this.tally.wanted - this.tally.held);
  }

  /** Counts one model call and writes the candidates it yielded that are new, at most `room` of them. */
  async afterCall(candidates: readonly Candidate[], limit?: number): Promise<TestCase[]> {
    const written = await this.write(candidates, 1, limit);
    this.tally = afterCall(this.tally, written.length);
    return written;
  }

  /**
   * Writes the new candidates, at most `limit` (and never past what the job wants), without counting a call unless
   * `calls` says so (test cases derived from what the job holds count none).
   */
  async write(candidates: readonly Candidate[], calls = 0, limit = Number.POSITIVE_INFINITY): Promise<TestCase[]> {
    const fresh = freshItems(candidates, this.seen, (candidate) => candidate.key, Math.min(limit, this.room));
    for (let attempt = 1; ; attempt++) {
      try {
        const written = await this.ports.uow.transaction(() => this.writeBatch(fresh, calls));
        this.tally = wrote(this.tally, written.length);
        return written;
      } catch (error) {
        if (!(error instanceof StaleVersion) || attempt >= 4) throw error;
      }
    }
  }

  private async writeBatch(fresh: readonly Candidate[], calls: number): Promise<TestCase[]> {
    const { organizationId: scope, id } = this.job;
    // A job purged with its deleted test (purgeAfterSeconds 0 mid-call) stops as a cancelled one does.
    const job = await this.ports.generationJobs.get(scope, id);
    if (job === null || !isOpen(job)) {
      this.interruption = 'cancelled';
      this.job = job ?? this.job;
      return [];
    }
    const count = await this.pay(scope, fresh.length);
    const now = this.ports.clock.now();
    const testCases = fresh
      .slice(0, count)
      .map((candidate) =>
        buildTestCase(
          { ...candidate.fields, datasetId: job.datasetId, source: 'generated', languageCode: job.languageCode },
          { id: this.ports.ids.next('testCase'), organizationId: scope, userId: job.userId, now },
        ),
      );
    if (testCases.length > 0) await this.ports.testCases.insertMany(testCases);
    this.job = await this.ports.generationJobs.update({
      ...job,
      doneCount: job.doneCount + testCases.length,
      callCount: job.callCount + calls,
    });
    return testCases;
  }

  /** Takes the credits for `wanted` test cases, or for as many as the balance covers (then the job stops). */
  private async pay(scope: string, wanted: number): Promise<number> {
    const cost = this.settings.generationCreditsPerTestCase;
    if (cost <= 0 || wanted === 0) return wanted;
    if ((await this.ports.organizations.debitCredits(scope, wanted * cost)) !== null) return wanted;
    this.interruption = 'credits';
    const affordable = affordableCount(await this.ports.organizations.require(scope, scope), wanted, cost);
    if (affordable === 0) return 0;
    return (await this.ports.organizations.debitCredits(scope, affordable * cost)) === null ? 0 : affordable;
  }
}
