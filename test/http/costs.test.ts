import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { createVersionFor, postSpans, uniqueSpanId } from '../support/tracing-fixtures.ts';
import type { ApiClient } from '../support/api-client.ts';

let counter = 0;
const unique = (name: string) => `${name}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

async function sessionOn(client: ApiClient, versionId: string): Promise<string> {
  const session = await client.post('/sessions', { versionId });
  if (session.status !== 201) throw new Error(JSON.stringify(session.body));
  return session.body.id;
}

async function turn(client: ApiClient, sessionId: string, fields: Record<string, unknown>) {
  const created = await client.post('/inferenceResults', { sessionId, input: 'q', output: 'a', ...fields });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body;
}

for (const { world, title } of await databaseWorlds(test)) {
  test(title('models: created, listed, read, changed and deleted; validation; platform-wide rules'), async (t) => {
    const tenant = await createTenant(world());
    const other = await createTenant(world());
    const name = unique('gpt-x');
    const created = await tenant.member.post('/models', {
      name,
      matchPattern: '^gpt-x',
      costPerInputToken: 0.000003,
      costPerOutputToken: 0.000015,
      source: 'https://example.com/pricing',
    });
    t.is(created.status, 201, JSON.stringify(created.body));
    t.regex(created.body.id, /^model_/);
    t.like(created.body, { organizationId: tenant.organizationId, costPerCacheReadInputToken: null });
    t.is((await tenant.owner.post('/models', { name, costPerInputToken: 1, costPerOutputToken: 1 })).status, 409);
    const listed = await tenant.owner.get(`/models?names=${encodeURIComponent(name)}`);
    t.deepEqual(
      listed.body.map((model: { id: string }) => model.id),
      [created.body.id],
    );
    t.is((await other.owner.get(`/models/${created.body.id}`)).status, 404);
    t.is((await other.owner.patch(`/models/${created.body.id}`, { costPerInputToken: 1 })).status, 404);
    t.is((await other.owner.get(`/models?names=${encodeURIComponent(name)}`)).body.length, 0);
    const changed = await tenant.owner.patch(`/models/${created.body.id}`, { costPerInputToken: 0.000004 });
    t.is(changed.status, 200);
    t.is(changed.body.costPerInputToken, 0.000004);

    for (const [body, path] of [
      [{ name: unique('neg'), costPerInputToken: -1, costPerOutputToken: 0 }, 'costPerInputToken'],
      [{ name: unique('bad'), costPerInputToken: 0, costPerOutputToken: 0, matchPattern: '(unclosed' }, 'matchPattern'],
      [{ name: unique('back'), costPerInputToken: 0, costPerOutputToken: 0, matchPattern: '(a)\\1' }, 'matchPattern'],
      [{ name: unique('look'), costPerInputToken: 0, costPerOutputToken: 0, matchPattern: '(?=a)b' }, 'matchPattern'],
      [
        { name: unique('long'), costPerInputToken: 0, costPerOutputToken: 0, matchPattern: 'a'.repeat(201) },
        'matchPattern',
      ],
    ] as const) {
      const refused = await tenant.owner.post('/models', body);
      t.is(refused.status, 400, JSON.stringify(body));
      t.true(
        refused.body.issues.some((issue: { path: string }) => issue.path === path),
        JSON.stringify(refused.body),
      );
    }
    // A catastrophic pattern under backtracking engines is bounded here (RE2: linear time), so it is taken.
    const nested = await tenant.owner.post('/models', {
      name: unique('nested'),
      matchPattern: '(a+)+$',
      costPerInputToken: 0,
      costPerOutputToken: 0,
    });
    t.is(nested.status, 201);

    t.is(
      (
        await tenant.owner.post('/models', {
          name: unique('pw'),
          costPerInputToken: 0,
          costPerOutputToken: 0,
          platformWide: true,
        })
      ).status,
      403,
    );
    const shared = await world().admin.post('/models', {
      name: unique('shared'),
      costPerInputToken: 0.000001,
      costPerOutputToken: 0.000002,
      platformWide: true,
    });
    t.is(shared.status, 201, JSON.stringify(shared.body));
    t.is(shared.body.organizationId, null);
    t.is((await other.member.get(`/models/${shared.body.id}`)).status, 200);
    t.is((await other.owner.patch(`/models/${shared.body.id}`, { costPerInputToken: 1 })).status, 403);
    t.is((await other.owner.delete(`/models/${shared.body.id}`)).status, 403);
    t.is((await world().admin.patch(`/models/${shared.body.id}`, { costPerInputToken: 1 })).status, 403);
    const deleted = await tenant.owner.delete(`/models/${created.body.id}`);
    t.is(deleted.status, 200);
    t.is((await tenant.owner.get(`/models/${created.body.id}`)).status, 404);
  });

  test(title('turns are priced with every fallback and summed exactly'), async (t) => {
    const tenant = await createTenant(world());
    const other = await createTenant(world());
    const base = unique('acme');
    const sharedName = `${base}-shared`;
    await world().admin.post('/models', {
      name: sharedName,
      costPerInputToken: 0.00001,
      costPerOutputToken: 0.00001,
      platformWide: true,
    });
    const own = await tenant.owner.post('/models', {
      name: sharedName.toUpperCase(),
      costPerInputToken: 0.000003,
      costPerOutputToken: 0.000015,
      costPerCacheReadInputToken: 0.0000003,
      costPerInputTokenAbove128k: 0.000006,
      costPerOutputTokenAbove128k: 0.00003,
    });
    const regex = await tenant.owner.post('/models', {
      name: `${base}-family`,
      matchPattern: `^${base}-mini-\\d+$`,
      costPerInputToken: 0.00000015,
      costPerOutputToken: 0.0000006,
    });
    const platformOnly = await world().admin.post('/models', {
      name: `${base}-platform-only`,
      costPerInputToken: 0.000002,
      costPerOutputToken: 0.000004,
      platformWide: true,
    });
    const versionModel = await tenant.owner.post('/models', {
      name: `${base}-house`,
      costPerInputToken: 0.000001,
      costPerOutputToken: 0.000001,
    });
    const versionId = await createVersionFor(world(), tenant);
    t.is((await other.owner.patch(`/versions/${versionId}`, { modelId: versionModel.body.id })).status, 404);
    const foreignModel = await other.owner.post('/models', {
      name: unique('theirs'),
      costPerInputToken: 0,
      costPerOutputToken: 0,
    });
    t.is((await tenant.owner.patch(`/versions/${versionId}`, { modelId: foreignModel.body.id })).status, 404);
    const setModel = await tenant.owner.patch(`/versions/${versionId}`, { modelId: versionModel.body.id });
    t.is(setModel.status, 200);
    t.is(setModel.body.modelId, versionModel.body.id);
    const sessionId = await sessionOn(tenant.member, versionId);

    const sent = await turn(tenant.member, sessionId, {
      model: sharedName,
      inputTokens: 10,
      outputTokens: 5,
      cost: 0.5,
    });
    t.like(sent, { cost: 0.5, costSource: 'SENT', costPerInputToken: null });

    const ownWins = await turn(tenant.member, sessionId, {
      model: sharedName,
      inputTokens: 1000,
      outputTokens: 100,
      cacheReadInputTokens: 400,
    });
    // (1000 - 400) × 3e-6 + 400 × 3e-7 + 100 × 1.5e-5 = 0.0018 + 0.00012 + 0.0015
    t.like(ownWins, {
      costSource: 'MODEL',
      cost: 0.00342,
      costPerInputToken: 0.000003,
      costPerCacheReadInputToken: 0.0000003,
    });

    const long = await turn(tenant.member, sessionId, { model: sharedName, inputTokens: 200_000, outputTokens: 1000 });
    // 200,000 × 6e-6 + 1000 × 3e-5
    t.like(long, { cost: 1.23, costPerInputToken: 0.000006, costPerOutputToken: 0.00003 });

    const matched = await turn(tenant.member, sessionId, {
      model: `${base}-mini-2024`,
      inputTokens: 3,
      outputTokens: 7,
    });
    t.like(matched, { cost: 0.00000465, costPerInputToken: 0.00000015 }); // 3 × 1.5e-7 + 7 × 6e-7

    const platform = await turn(tenant.member, sessionId, {
      model: `${base}-platform-only`,
      inputTokens: 1,
      outputTokens: 1,
    });
    t.like(platform, { cost: 0.000006 });

    const byVersion = await turn(tenant.member, sessionId, { inputTokens: 7, outputTokens: 3 });
    t.like(byVersion, { model: `${base}-house`, cost: 0.00001, costSource: 'MODEL' });

    const unknown = await turn(tenant.member, sessionId, { model: 'nobody-knows' });
    t.like(unknown, { cost: null, costSource: null });

    // Spans fill a turn the client sent no usage for; a re-sent span counts once.
    const bySpans = await turn(tenant.member, sessionId, {});
    const spanId = uniqueSpanId('gen');
    const span = {
      id: spanId,
      inferenceResultId: bySpans.id,
      name: 'chat',
      type: 'GENERATION',
      model: `${base}-mini-7`,
      usage: { inputTokens: 100, outputTokens: 10 },
    };
    t.is((await postSpans(tenant.member, [span])).status, 201);
    t.is((await postSpans(tenant.member, [span])).status, 201);
    const second = { ...span, id: uniqueSpanId('gen'), usage: { inputTokens: 50, outputTokens: 5 } };
    t.is((await postSpans(tenant.member, [second, { ...span, name: 'again' }])).status, 201);
    const priced = await tenant.member.get(`/inferenceResults/${bySpans.id}`);
    // 150 × 1.5e-7 + 15 × 6e-7
    t.like(priced.body, {
      inputTokens: 150,
      outputTokens: 15,
      model: `${base}-mini-7`,
      cost: 0.0000315,
      costSource: 'MODEL',
    });

    const expectedInput = 10 + 1000 + 200_000 + 3 + 1 + 7 + 150;
    const expectedOutput = 5 + 100 + 1000 + 7 + 1 + 3 + 15;
    const session = await tenant.member.get(`/sessions/${sessionId}`);
    t.like(session.body, { inputTokens: expectedInput, outputTokens: expectedOutput });
    t.is(session.body.cost, 1.73347215, JSON.stringify(session.body)); // exact: no float drift
    t.is((await other.member.get(`/sessions/${sessionId}`)).status, 404);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const usage = await tenant.member.get(`/usage?groupBy=version&from=${today}&to=${tomorrow}`);
    t.is(usage.status, 200, JSON.stringify(usage.body));
    t.deepEqual(usage.body, [
      {
        versionId,
        inferenceResultCount: 8,
        inputTokens: expectedInput,
        outputTokens: expectedOutput,
        cacheReadInputTokens: 400,
        cost: 1.73347215,
      },
    ]);
    const partial = await tenant.member.get(`/usage?groupBy=day,model&from=${today}T00:00:00.001Z&to=${tomorrow}`);
    t.is(partial.status, 200, JSON.stringify(partial.body));
    t.is(
      partial.body.reduce((sum: number, line: { inferenceResultCount: number }) => sum + line.inferenceResultCount, 0),
      8,
    );
    const byModel = await tenant.member.get(
      `/usage?groupBy=model&models=${encodeURIComponent(`${base}-mini-7`)}&from=${today}&to=${tomorrow}`,
    );
    t.deepEqual(
      byModel.body.map((line: { model: string; cost: number }) => [line.model, line.cost]),
      [[`${base}-mini-7`, 0.0000315]],
    );
    t.deepEqual(
      (await other.member.get(`/usage?groupBy=day&versionIds=${versionId}&from=${today}&to=${tomorrow}`)).body,
      [],
    );
    t.is((await tenant.member.get('/usage?groupBy=week')).status, 400);
    t.is((await tenant.member.get('/usage?groupBy=day,day')).status, 400);
    t.is((await tenant.member.get(`/usage?groupBy=day&from=${tomorrow}&to=${today}`)).status, 400);
    t.truthy(own.body.id && regex.body.id && platformOnly.body.id);
  });

  test(
    title("a reprice job applies a model's new prices to earlier turns; a version's new model re-prices its turns"),
    async (t) => {
      const tenant = await createTenant(world());
      const name = unique('reprice');
      const model = await tenant.owner.post('/models', {
        name,
        costPerInputToken: 0.000001,
        costPerOutputToken: 0.000001,
      });
      const versionId = await createVersionFor(world(), tenant);
      const sessionId = await sessionOn(tenant.member, versionId);
      const first = await turn(tenant.member, sessionId, { model: name, inputTokens: 1000, outputTokens: 0 });
      t.is(first.cost, 0.001);
      await tenant.owner.patch(`/models/${model.body.id}`, { costPerInputToken: 0.000002 });
      const later = await turn(tenant.member, sessionId, { model: name, inputTokens: 1000, outputTokens: 0 });
      t.is(later.cost, 0.002);
      t.is((await tenant.member.get(`/inferenceResults/${first.id}`)).body.cost, 0.001);
      const job = await tenant.member.post(`/models/${model.body.id}/reprice`);
      t.is(job.status, 202, JSON.stringify(job.body));
      t.regex(job.body.id, /^repricing_/);
      t.like(job.body, {
        state: 'queued',
        modelId: model.body.id,
        versionId: null,
        repricedCount: 0,
        finishedAt: null,
      });
      let followed = job;
      for (let attempt = 0; attempt < 200 && followed.body.state !== 'completed'; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        followed = await tenant.member.get(`/repricings/${job.body.id}`);
        t.is(followed.status, 200, JSON.stringify(followed.body));
      }
      t.like(followed.body, { id: job.body.id, state: 'completed', repricedCount: 2 });
      t.truthy(followed.body.finishedAt);
      t.is((await tenant.member.get(`/inferenceResults/${first.id}`)).body.cost, 0.002);
      t.is((await tenant.member.get(`/sessions/${sessionId}`)).body.cost, 0.004);
      const stranger = await createTenant(world());
      t.is((await stranger.member.post(`/models/${model.body.id}/reprice`)).status, 404);
      t.is((await stranger.member.get(`/repricings/${job.body.id}`)).status, 404);
      t.is((await tenant.member.get('/repricings/repricing_missing')).status, 404);

      const house = await tenant.owner.post('/models', {
        name: unique('house'),
        costPerInputToken: 0.00001,
        costPerOutputToken: 0,
      });
      const bare = await turn(tenant.member, sessionId, { inputTokens: 10, outputTokens: 0 });
      t.is(bare.cost, null);
      t.is((await tenant.owner.patch(`/versions/${versionId}`, { modelId: house.body.id })).status, 200);
      let repriced = null;
      for (let attempt = 0; attempt < 200 && repriced !== 0.0001; attempt++) {
        repriced = (await tenant.member.get(`/inferenceResults/${bare.id}`)).body.cost;
        if (repriced !== 0.0001) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      t.is(repriced, 0.0001);
    },
  );
}
