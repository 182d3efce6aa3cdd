import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { startGenerationModelServer } from '../support/generation-model-server.ts';
import { generationScene, jobIn, setCredits, testCasesOf } from '../support/generation-scenes.ts';

// Generation jobs end to end against the stand-in model: QUALITY from a text, dedup, stop rules, malformed answers,
// an unreachable model, credits.
const model = await startGenerationModelServer();
const config = {
  GENERATOR_BASE_URL: model.url,
  GENERATOR_MODEL: 'gen-model',
  GENERATOR_API_KEY: 'sk-generator',
  GENERATION_MAX_CALLS: 6,
  QUEUE_POLL_SECONDS: 0.5,
};
const KNOWLEDGE = [
  '# Returns',
  'Items may be returned within 30 days of delivery.',
  '',
  '# Shipping',
  'Orders ship within two business days.',
].join('\n');

const worlds = await databaseWorlds(test, config);
test.after.always(() => model.close());
for (const { world, title } of worlds) {
  /** A QUALITY job asking for `maxTestCases` from KNOWLEDGE, on a fresh tenant's dataset, waited to its end. */
  const qualityJob = async (maxTestCases: number) => {
    const tenant = await createTenant(world());
    const { dataset } = await generationScene(tenant, 'QUALITY');
    const body = { kind: 'QUALITY', maxTestCases, knowledge: { text: KNOWLEDGE } };
    const started = await tenant.owner.post(`/tests/${dataset.id}/generate`, body);
    return { tenant, dataset, job: await jobIn(tenant.owner, started.body.id) };
  };

  test.serial(
    title('a QUALITY job writes distinct test cases grounded in the knowledge, paid as written'),
    async (t) => {
      model.reset();
      const tenant = await createTenant(world());
      await setCredits(world(), tenant.organizationId, 100);
      const { dataset } = await generationScene(tenant, 'QUALITY');
      const started = await tenant.member.post(`/tests/${dataset.id}/generate`, {
        kind: 'QUALITY',
        maxTestCases: 5,
        language: 'pt-br',
        knowledge: { text: KNOWLEDGE },
        customUserFocus: 'refund deadlines',
        fewShotExamples: [{ input: 'Can I return socks?', expectedOutput: 'Yes, within 30 days.' }],
      });
      t.is(started.status, 202, JSON.stringify(started.body));
      t.regex(started.body.id, /^job_/);
      t.like(started.body, { testId: dataset.id, kind: 'QUALITY', state: 'queued', language: 'pt-BR', result: null });
      t.deepEqual(started.body.progress, { done: 0, total: 5 });
      const job = await jobIn(tenant.owner, started.body.id);
      t.like(job, { state: 'completed', error: null, result: { testCaseCount: 5 }, progress: { done: 5, total: 5 } });
      t.truthy(job.startedAt && job.finishedAt);
      const cases = await testCasesOf(tenant.owner, dataset.id);
      t.deepEqual(
        cases.map((testCase) => testCase.input.user_message),
        ['Question 1?', 'Question 2?', 'Question 3?', 'Question 4?', 'Question 5?'],
      );
      for (const testCase of cases) {
        t.like(testCase, { source: 'generated', languageCode: 'pt-BR', variant: null, strategy: null });
        t.regex(testCase.expectedOutput, /^Answer \d$/);
        t.is(testCase.context.value, '# Returns\nItems may be returned within 30 days of delivery.');
      }
      const asked = model.requests[0];
      t.is(asked.authorization, 'Bearer sk-generator');
      t.like(asked.body, { model: 'gen-model', response_format: { type: 'json_object' } });
      t.regex(model.prompt(0), /refund deadlines/);
      t.regex(model.prompt(0), /Can I return socks/);
      t.regex(model.prompt(0), /pt-BR/);
      const credits = (await tenant.owner.get(`/organizations/${tenant.organizationId}/creditStatus`)).body;
      t.is(credits.availableCredits, 95);
    },
  );

  test.serial(title('dedup: a model with nothing new stops the job after three fruitless calls'), async (t) => {
    model.reset();
    model.state.distinct = 3;
    const { tenant, dataset, job } = await qualityJob(10);
    t.like(job, { state: 'completed', result: { testCaseCount: 3 }, error: null });
    t.is(model.requests.length, 4, 'one call that found 3, then three that found nothing new');
    // Chunks are taken in turn, one a call.
    t.regex(model.prompt(1), /# Shipping/);
    const inputs = (await testCasesOf(tenant.owner, dataset.id)).map((testCase) => testCase.input.user_message);
    t.deepEqual(inputs.sort(), ['Question 1?', 'Question 2?', 'Question 3?']);
  });

  test.serial(title('the call limit (GENERATION_MAX_CALLS) ends a job with what it has'), async (t) => {
    model.reset();
    model.state.perCall = 1;
    const { job } = await qualityJob(20);
    t.like(job, { state: 'completed', result: { testCaseCount: 6 }, progress: { done: 6, total: 20 } });
    t.is(model.requests.length, 6);
  });

  test.serial(title('a malformed answer is asked again once, then counts as a call that added nothing'), async (t) => {
    model.reset();
    model.state.script = ['not_json', 'wrong_shape', 'not_json', 'empty', 'not_json'];
    const { job } = await qualityJob(2);
    // call 1: not JSON, then the wrong shape (nothing); call 2: not JSON, then empty (nothing); call 3: not JSON,
    // then two good items.
    t.like(job, { state: 'completed', result: { testCaseCount: 2 } });
    t.is(model.requests.length, 6);
  });

  test.serial(title('a model out of reach fails the job after three attempts, saying why'), async (t) => {
    model.reset();
    model.state.unreachable = true;
    const { job } = await qualityJob(2);
    t.is(job.state, 'failed');
    t.regex(job.error, /generation model could not be reached.*after 3 attempts/);
    t.like(job, { result: { testCaseCount: 0 } });
    t.is(model.requests.length, 3);
  });

  test.serial(title('credits: refused up front with the shortfall; running out mid-job completes short'), async (t) => {
    model.reset();
    const tenant = await createTenant(world());
    const { dataset } = await generationScene(tenant, 'QUALITY');
    await setCredits(world(), tenant.organizationId, 3);
    const body = { kind: 'QUALITY', maxTestCases: 5, knowledge: { text: KNOWLEDGE } };
    const refused = await tenant.owner.post(`/tests/${dataset.id}/generate`, body);
    t.is(refused.status, 402);
    t.is(refused.body.error, 'insufficient_credits');
    t.regex(refused.body.message, /costs 5 credits; the organization has 3 \(2 short\)/);
    t.deepEqual((await tenant.owner.get('/jobs', { testIds: dataset.id })).body, []);
    await setCredits(world(), tenant.organizationId, 5);
    let release = () => {};
    model.state.hold = new Promise<void>((resolve) => (release = resolve));
    const started = await tenant.owner.post(`/tests/${dataset.id}/generate`, body);
    t.is(started.status, 202);
    await jobIn(tenant.owner, started.body.id, ['active']);
    await setCredits(world(), tenant.organizationId, 2);
    release();
    const job = await jobIn(tenant.owner, started.body.id);
    t.like(job, { state: 'completed', result: { testCaseCount: 2 } });
    t.regex(job.error, /Out of credits/);
    t.is((await testCasesOf(tenant.owner, dataset.id)).length, 2);
    t.is((await tenant.owner.get(`/organizations/${tenant.organizationId}/creditStatus`)).body.availableCredits, 0);
  });
}
