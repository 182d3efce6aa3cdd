import {
  completeJob,
  failJob,
  type GenerationJob,
  isOpen,
  startJob,
} from '../../domain/dataset-generation/generation-job.ts';
import type { TestCase } from '../../domain/dataset/test-case.ts';
import { storableText } from '../../domain/shared/storable-text.ts';
import type { DatasetGenerationJob } from '../ports/job-queue.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { GenerationFailed } from './ask-generation-model.ts';
import { generateQuality } from './generate-quality.ts';
import { generateRedTeaming } from './generate-red-teaming.ts';
import { generateScenarios } from './generate-scenarios.ts';
import { GenerationSession } from './generation-session.ts';
import { productBrief } from './product-brief.ts';

type RunPorts = Pick<
  Ports,
  | 'generationJobs'
  | 'knowledgeFiles'
  | 'testCases'
  | 'datasets'
  | 'products'
  | 'specifications'
  | 'organizations'
  | 'generationModel'
  | 'uow'
  | 'ids'
  | 'clock'
>;

/** What a test case is told apart by: a scenario's first message or scenario, any other one's input text. */
const keyOf = (testCase: TestCase): string => {
  const message = testCase.input.user_message;
  if (typeof message === 'string') return message;
  return testCase.scenario ?? JSON.stringify(testCase.input);
};

/**
 * The worker of generation jobs: takes a queued job up (an active one is continued), calls the model for its kind until
 * a stop rule holds, and ends the job: completed with what it wrote (saying so when the credits ran out), failed when
 * the model could not be reached, or left as the caller cancelled it. Delivered twice, it continues, never repeats.
 */
export class RunGenerationJobs {
  constructor(
    private readonly ports: RunPorts,
    private readonly settings: Pick<Settings, 'generationCreditsPerTestCase' | 'generationMaxCalls'>,
  ) {}

  async executeBatch(jobs: readonly DatasetGenerationJob[]): Promise<void> {
    for (const job of jobs) await this.execute(job);
  }

  async execute({ organizationId, jobId }: DatasetGenerationJob): Promise<void> {
    const job = await this.transition(organizationId, jobId, (open) => startJob(open, this.ports.clock.now()));
    if (job === null) return;
    const session = await GenerationSession.open(this.ports, this.settings, job, keyOf);
    try {
      await this.generate(session, job);
    } catch (error) {
      if (!(error instanceof GenerationFailed)) throw error;
      await this.transition(organizationId, jobId, (open) =>
        failJob(open, this.ports.clock.now(), storableText(error.message)),
      );
      return;
    }
    const note =
      session.interruption === 'credits'
        ? `Out of credits: the organization could not pay for more test cases after ${session.current.doneCount}`
        : null;
    await this.transition(organizationId, jobId, (open) => completeJob(open, this.ports.clock.now(), note));
  }

  /** Ends a job whose every delivery failed: failed with the reason, keeping what it wrote. */
  async giveUp({ organizationId, jobId }: DatasetGenerationJob, failure: unknown): Promise<void> {
    const reason = failure instanceof Error ? failure.message : String(failure);
    await this.transition(organizationId, jobId, (open) =>
      failJob(open, this.ports.clock.now(), storableText(`Generation failed: ${reason}`)),
    );
  }

  private async generate(session: GenerationSession, job: GenerationJob): Promise<void> {
    const dataset = await this.ports.datasets.get(job.organizationId, job.datasetId);
    if (dataset === null) throw new GenerationFailed('The test was deleted');
    if (job.kind === 'QUALITY') return generateQuality(this.ports, session);
    const product = await productBrief(this.ports, dataset);
    if (job.kind === 'RED_TEAMING') return generateRedTeaming(this.ports, session, product);
    return generateScenarios(this.ports, session, product);
  }

  /** Changes a job still open (null when it is gone or ended: a cancelled job is left as it is). */
  private transition(
    scope: string,
    id: string,
    change: (job: GenerationJob) => GenerationJob,
  ): Promise<GenerationJob | null> {
    return retryStale(() =>
      this.ports.uow.transaction(async () => {
        const job = await this.ports.generationJobs.get(scope, id);
        if (job === null || !isOpen(job)) return null;
        const changed = change(job);
        return changed === job ? job : this.ports.generationJobs.update(changed);
      }),
    );
  }
}
