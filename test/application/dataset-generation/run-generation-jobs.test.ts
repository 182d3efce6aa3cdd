import test from 'ava';
import type {
  GenerationAnswer,
  GenerationBrief,
  GenerationModel,
} from '../../../application/ports/generation-model.ts';
import { RunGenerationJobs } from '../../../application/dataset-generation/run-generation-jobs.ts';
import { StartGeneration } from '../../../application/dataset-generation/start-generation.ts';
import { CancelGenerationJob } from '../../../application/dataset-generation/cancel-generation-job.ts';
import { memoryTenants } from '../../support/memory-tenants.ts';
import { ProvokedFailure } from '../../support/memory-world.ts';

/** An in-process model: numbered attacks, two a call; `onCall` may throw or act between calls. */
class ScriptedModel implements GenerationModel {
  readonly configured = true;
  calls = 0;
  constructor(private readonly onCall: (call: number) => Promise<void> | void = () => {}) {}
  async ask(brief: GenerationBrief): Promise<GenerationAnswer> {
    this.calls++;
    await this.onCall(this.calls);
    if (brief.kind === 'REWRITE')
      return { kind: 'items', items: brief.originals.map((input) => ({ input: `!${input}` })) };
    return { kind: 'items', items: [1, 2].map((n) => ({ input: `Attack ${this.calls}.${n}` })) };
  }
}

async function scene(model: GenerationModel) {
  const world = await memoryTenants();
  const ports = { ...world.ports, generationModel: model };
  const product = await world.useCases.createProduct.execute(world.a.owner, { name: 'Shop' });
  const dataset = await world.useCases.createDataset.execute(world.a.owner, {
    productId: product.id,
    name: 'Attacks',
    type: 'RED_TEAMING',
  });
  const start = new StartGeneration(ports, world.settings);
  const worker = new RunGenerationJobs(ports, world.settings);
  const cancel = new CancelGenerationJob(ports);
  const cases = async () =>
    (
      await world.ports.testCases.list(world.a.organizationId, { sort: [{ field: 'createdAt', direction: 'asc' }] })
    ).map((testCase) => `${testCase.strategy}:${testCase.input.user_message}`);
  return { world, dataset, start, worker, cancel, cases };
}

test('a job whose worker stopped halfway is continued by the next delivery, repeating nothing', async (t) => {
  const model = new ScriptedModel((call) => {
    if (call === 2) throw new ProvokedFailure('worker died');
  });
  const { world, dataset, start, worker, cases } = await scene(model);
  const job = await start.execute(world.a.owner, dataset.id, {
    kind: 'RED_TEAMING',
    maxTestCases: 8,
    variants: ['misuse'],
    strategies: ['rot13'],
  });
  const [delivery] = world.jobQueue.datasetGenerationJobs;
  await t.throwsAsync(() => worker.execute(delivery), { instanceOf: ProvokedFailure });
  const halfway = await world.useCases.getGenerationJob.execute(world.a.owner, job.id);
  t.like(halfway, { state: 'active', progress: { done: 2, total: 8 } });
  await worker.execute(delivery);
  t.like(await world.useCases.getGenerationJob.execute(world.a.owner, job.id), {
    state: 'completed',
    result: { testCaseCount: 8 },
  });
  t.deepEqual(await cases(), [
    'original:Attack 1.1',
    'original:Attack 1.2',
    'original:Attack 3.1',
    'original:Attack 3.2',
    'rot13:Nggnpx 1.1',
    'rot13:Nggnpx 1.2',
    'rot13:Nggnpx 3.1',
    'rot13:Nggnpx 3.2',
  ]);
  // A third delivery of an ended job does nothing.
  await worker.execute(delivery);
  t.is((await cases()).length, 8);
});

test('a job cancelled while it runs keeps what it wrote and writes nothing after', async (t) => {
  let cancelNow = async () => {};
  const model = new ScriptedModel(async (call) => {
    if (call === 2) await cancelNow();
  });
  const { world, dataset, start, worker, cancel, cases } = await scene(model);
  const job = await start.execute(world.a.owner, dataset.id, {
    kind: 'RED_TEAMING',
    maxTestCases: 10,
    variants: ['toxicity'],
  });
  cancelNow = async () => {
    await cancel.execute(world.a.member, job.id);
  };
  await worker.execute(world.jobQueue.datasetGenerationJobs[0]);
  t.like(await world.useCases.getGenerationJob.execute(world.a.owner, job.id), {
    state: 'cancelled',
    progress: { done: 2 },
    result: { testCaseCount: 2 },
  });
  t.deepEqual(await cases(), ['original:Attack 1.1', 'original:Attack 1.2']);
  t.is(model.calls, 2);
});
