import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { startGenerationModelServer } from '../support/generation-model-server.ts';
import { generationScene, jobIn, testCasesOf } from '../support/generation-scenes.ts';

// The jobs resource: cancel, one open job per test (race-safe), the list with its filters and cursor, tenancy.
const model = await startGenerationModelServer();
const worlds = await databaseWorlds(test, { GENERATOR_BASE_URL: model.url, GENERATOR_MODEL: 'gen-model' });
test.after.always(() => model.close());

const quality = (maxTestCases: number) => ({ kind: 'QUALITY', maxTestCases, knowledge: { text: 'Returns: 30 days.' } });

for (const { world, title } of worlds) {
  test.serial(title('cancel: an active job stops and keeps what it wrote; again 200; ended jobs 409'), async (t) => {
    model.reset();
    model.state.perCall = 1;
    const tenant = await createTenant(world());
    const { dataset } = await generationScene(tenant, 'QUALITY');
    const started = await tenant.owner.post(`/tests/${dataset.id}/generate`, quality(50));
    const release = model.hold();
    await jobIn(tenant.owner, started.body.id, ['active']);
    const cancelled = await tenant.member.post(`/jobs/${started.body.id}/cancel`);
    t.is(cancelled.status, 200);
    t.like(cancelled.body, { state: 'cancelled' });
    t.truthy(cancelled.body.finishedAt);
    release();
    const again = await tenant.owner.post(`/jobs/${started.body.id}/cancel`);
    t.is(again.status, 200);
    t.is(again.body.state, 'cancelled');
    // The held call's answer is not written: the job was cancelled before it came.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const job = (await tenant.owner.get(`/jobs/${started.body.id}`)).body;
    t.like(job, { state: 'cancelled', progress: { done: 0, total: 50 }, result: { testCaseCount: 0 } });
    t.is((await testCasesOf(tenant.owner, dataset.id)).length, 0);
    // The test is free for a new job, which completes; cancelling it then is refused.
    model.state.perCall = Number.POSITIVE_INFINITY;
    const next = await tenant.owner.post(`/tests/${dataset.id}/generate`, quality(2));
    t.is(next.status, 202);
    t.is((await jobIn(tenant.owner, next.body.id)).state, 'completed');
    const late = await tenant.owner.post(`/jobs/${next.body.id}/cancel`);
    t.is(late.status, 409);
    t.is(late.body.error, 'conflict');
    t.is((await tenant.owner.post('/jobs/job_unknown/cancel')).status, 404);
  });

  test.serial(title('deleting a test, or its product, cancels its open generation job'), async (t) => {
    model.reset();
    model.state.perCall = 1;
    const tenant = await createTenant(world());
    const byTest = await generationScene(tenant, 'QUALITY');
    const product = (await tenant.owner.post('/products', { name: 'Doomed shop', description: 'Soon deleted' })).body;
    const byProduct = {
      product,
      dataset: (await tenant.owner.post('/tests', { productId: product.id, name: 'Doomed', type: 'QUALITY' })).body,
    };
    const release = model.hold();
    const first = await tenant.owner.post(`/tests/${byTest.dataset.id}/generate`, quality(50));
    const second = await tenant.owner.post(`/tests/${byProduct.dataset.id}/generate`, quality(50));
    t.is(first.status, 202, JSON.stringify(first.body));
    t.is(second.status, 202, JSON.stringify(second.body));
    await jobIn(tenant.owner, first.body.id, ['active']);
    t.is((await tenant.owner.delete(`/tests/${byTest.dataset.id}`)).status, 200);
    t.is((await tenant.owner.delete(`/products/${byProduct.product.id}`)).status, 200);
    for (const id of [first.body.id, second.body.id]) {
      const job = (await tenant.owner.get(`/jobs/${id}`)).body;
      t.like(job, { state: 'cancelled' }, id);
      t.truthy(job.finishedAt);
    }
    release();
    // The held call's answer is not written: the job was cancelled before it came.
    await new Promise((resolve) => setTimeout(resolve, 300));
    t.like((await tenant.owner.get(`/jobs/${first.body.id}`)).body, {
      state: 'cancelled',
      result: { testCaseCount: 0 },
    });
  });

  test.serial(title('one queued or active job per test, even when requests race (409)'), async (t) => {
    model.reset();
    const tenant = await createTenant(world());
    const { dataset } = await generationScene(tenant, 'QUALITY');
    const release = model.hold();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => tenant.owner.post(`/tests/${dataset.id}/generate`, quality(1))),
    );
    t.deepEqual(answers.map((answer) => answer.status).sort(), [202, 409, 409, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    t.regex(refused?.body.message, /already has a generation job queued or active/);
    release();
    const accepted = answers.find((answer) => answer.status === 202);
    t.is((await jobIn(tenant.owner, accepted?.body.id)).state, 'completed');
  });

  test.serial(title('GET /jobs: filters testIds and states, sort, pages with a cursor; tenancy 404'), async (t) => {
    model.reset();
    const tenant = await createTenant(world());
    const first = await generationScene(tenant, 'QUALITY');
    const second = await generationScene(tenant, 'SCENARIOS');
    const a = (await tenant.owner.post(`/tests/${first.dataset.id}/generate`, quality(1))).body;
    await jobIn(tenant.owner, a.id);
    const b = (await tenant.owner.post(`/tests/${first.dataset.id}/generate`, quality(1))).body;
    await jobIn(tenant.owner, b.id);
    const release = model.hold();
    const c = (await tenant.owner.post(`/tests/${second.dataset.id}/generate`, { kind: 'SCENARIOS', maxTestCases: 1 }))
      .body;
    await jobIn(tenant.owner, c.id, ['active']);
    const all = await tenant.owner.get('/jobs', { sort: 'createdAt,asc' });
    t.deepEqual(
      all.body.map((job: { id: string }) => job.id),
      [a.id, b.id, c.id],
    );
    const ofFirst = await tenant.owner.get('/jobs', { testIds: first.dataset.id });
    t.deepEqual(
      ofFirst.body.map((job: { id: string }) => job.id),
      [b.id, a.id],
    );
    const active = await tenant.owner.get('/jobs', { states: 'active' });
    t.deepEqual(
      active.body.map((job: { id: string }) => job.id),
      [c.id],
    );
    t.is((await tenant.owner.get('/jobs', { states: 'running' })).status, 400);
    const page = await tenant.owner.get('/jobs', { limit: 2 });
    t.is(page.body.length, 2);
    const link = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('link') ?? '')?.[1] ?? '';
    const rest = await tenant.owner.request('GET', link);
    t.deepEqual(
      rest.body.map((job: { id: string }) => job.id),
      [a.id],
    );
    // Another organization sees none of it and touches nothing.
    const other = await createTenant(world());
    t.deepEqual((await other.owner.get('/jobs')).body, []);
    t.is((await other.owner.get(`/jobs/${c.id}`)).status, 404);
    t.is((await other.owner.post(`/jobs/${c.id}/cancel`)).status, 404);
    t.is((await other.owner.post(`/tests/${first.dataset.id}/generate`, quality(1))).status, 404);
    t.is((await tenant.owner.get(`/jobs/${c.id}`)).body.state, 'active');
    release();
    t.is((await jobIn(tenant.owner, c.id)).state, 'completed');
  });
}
