import test from 'ava';
import { settled } from '../support/evaluation-fixtures.ts';
import { tenantWithFixture, type TenantWithFixture } from '../support/evaluation-tenant.ts';
import { startFakeModel, type FakeModel } from '../support/fake-model.ts';
import { httpDatabases, startWorld, type HttpWorld } from '../support/http-world.ts';
import { evaluateSession } from '../support/run-fixtures.ts';

const databases = await httpDatabases();
let model: FakeModel;
let starting: Promise<FakeModel> | undefined;
const fakeModel = async () => {
  starting ??= startFakeModel();
  model = await starting;
  return model;
};
test.after.always(async () => (await starting)?.close());

for (const database of databases) {
  let current: HttpWorld | undefined;
  test.before(async () => {
    current = await startWorld(database, {
      JUDGE_BASE_URL: (await fakeModel()).url,
      JUDGE_MODEL: 'judge-small',
      JUDGE_API_KEY: 'sk-test',
      JUDGE_TIMEOUT_MS: 500,
      EVALUATION_LLM_JUDGE_CREDITS: 1,
    });
  });
  test.after.always(() => current?.close());
  const world = () => current!;
  const title = (text: string) => `[${database}] ${text}`;

  /** A new tenant with the evaluation fixture, given these credits by the ADMIN. */
  async function tenantWithCredits(remainingSubscriptionCredits: number, extraCredits: number) {
    const scene = await tenantWithFixture(world());
    await world().admin.patch(`/organizations/${scene.tenant.organizationId}`, {
      remainingSubscriptionCredits,
      extraCredits,
    });
    return scene;
  }

  /** Evaluates session A with a new LLM_JUDGE metric of this prompt: the launch's answer and the settled evaluation. */
  async function judgeSessionA({ tenant, fixture }: TenantWithFixture, name: string, judgePrompt: string) {
    const metric = await tenant.owner.post('/metrics', { name, source: 'LLM_JUDGE', judgePrompt });
    const launched = await evaluateSession(tenant.owner, {
      sessionId: fixture.sessions.a.id,
      metrics: [{ id: metric.body.id }],
    });
    const [evaluation] = await settled(tenant.owner, { ids: launched.body[0].id });
    return { launched, evaluation };
  }

  test(
    title(
      'LLM judge: success scores and charges one credit (subscription first, then extra); out of credits is SKIPPED with canRetry',
    ),
    async (t) => {
      const { tenant, fixture } = await tenantWithCredits(1, 1);
      const sessions = [fixture.sessions.a, fixture.sessions.b, fixture.sessions.empty].map((session) => session.id);
      const launched = await tenant.owner.post('/evaluations/fromSessions', {
        sessionIds: sessions,
        metrics: [{ id: fixture.metrics.llm.id }],
      });
      t.like(launched.body, { sessionsEvaluated: 3, evaluationsCreated: 3 });
      const scored = await settled(tenant.owner, { sessionIds: sessions });
      const success = scored.filter((evaluation) => evaluation.status === 'SUCCESS');
      t.is(success.length, 2);
      for (const evaluation of success)
        t.like(evaluation, { score: 0.8, reason: 'Mostly correct', creditsUsed: 1, canRetry: false });
      const [broke] = scored.filter((evaluation) => evaluation.status !== 'SUCCESS');
      t.like(broke, { status: 'SKIPPED', canRetry: true, creditsUsed: 0 });
      t.regex(broke.error, /Out of credits/);
      const balance = await tenant.owner.get(`/organizations/${tenant.organizationId}/creditStatus`);
      t.like(balance.body, { remainingSubscriptionCredits: 0, extraCredits: 0, availableCredits: 0 });

      const request = model.requests.find((entry) =>
        entry.body.messages[1].content.includes(`# Metric: ${fixture.metrics.llm.name}`),
      )!;
      t.is(request.authorization, 'Bearer sk-test');
      t.is(request.body.model, 'judge-small');
      t.regex(
        request.body.messages[1].content,
        /# Rubric\nMODE:ok Is the answer correct\?[\s\S]*## Turn 1\nUser: .+\nAssistant: .+[\s\S]*# Expected output\n\w+/,
      );
      // Concurrent workers may all ask the model before the balance runs out; the atomic debit still charges only two.
      t.true(
        model.requests.filter((entry) =>
          entry.body.messages[1].content.includes(`# Metric: ${fixture.metrics.llm.name}`),
        ).length >= 2,
      );

      await world().admin.patch(`/organizations/${tenant.organizationId}`, { extraCredits: 5 });
      const retried = await tenant.owner.post('/evaluations/retry', { ids: [broke.id] });
      t.deepEqual(retried.body.retried, [broke.id]);
      const [after] = await settled(tenant.owner, { ids: broke.id });
      t.like(after, { status: 'SUCCESS', creditsUsed: 1 });
      t.like((await tenant.owner.get(`/organizations/${tenant.organizationId}/creditStatus`)).body, {
        extraCredits: 4,
      });
    },
  );

  for (const [mode, pattern] of [
    ['garbage', /without a score/],
    ['5xx', /HTTP 503: overloaded/],
    ['401', /^The judge model answered HTTP 401: Incorrect API key provided: \[redacted\]\. Also tried \[redacted\]$/],
    ['slow', /did not answer within 500 ms/],
  ] as const) {
    test(title(`LLM judge: ${mode} answer → FAILED with canRetry, no credit taken`), async (t) => {
      const scene = await tenantWithCredits(0, 3);
      const { tenant } = scene;
      const { launched, evaluation } = await judgeSessionA(scene, `judge ${mode}`, `MODE:${mode} rate it`);
      t.is(launched.status, 201);
      t.like(evaluation, { status: 'FAILED', canRetry: true, score: null, creditsUsed: 0 });
      t.regex(evaluation.error, pattern);
      t.truthy(evaluation.evaluatedAt);
      t.like((await tenant.owner.get(`/organizations/${tenant.organizationId}/creditStatus`)).body, {
        extraCredits: 3,
      });
    });
  }

  test(title('LLM judge: a fenced JSON answer with a numeric string is read'), async (t) => {
    const { evaluation } = await judgeSessionA(await tenantWithCredits(0, 1), 'judge prose', 'MODE:prose rate it');
    t.like(evaluation, { status: 'SUCCESS', score: 0.4, reason: 'Partly', creditsUsed: 1 });
  });
}
