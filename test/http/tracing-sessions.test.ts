import test from 'ava';
import { createTenant, databaseWorlds, type Tenant } from '../support/http-world.ts';
import { createTestCaseFor, createVersionFor } from '../support/tracing-fixtures.ts';

for (const { world, title } of await databaseWorlds(test)) {
  /** Two pending sessions of one version: `created` with every field set inside a run, `other` marked as not production. */
  const sessionScene = async (tenant: Tenant) => {
    const versionId = await createVersionFor(world(), tenant);
    const { productId } = (await tenant.member.get(`/versions/${versionId}`)).body;
    const run = (await tenant.member.post('/runs', { productId })).body;
    const created = await tenant.member.post('/sessions', {
      versionId,
      customId: 'conv-1',
      context: { channel: 'web' },
      metadata: { a: 1 },
      runId: run.id,
    });
    const other = await tenant.member.post('/sessions', { versionId, isProduction: false });
    return { versionId, run, created, other };
  };

  test(title('sessions: created with the fields sent; a session in a run is not production'), async (t) => {
    const { versionId, run, created, other } = await sessionScene(await createTenant(world()));
    t.is(created.status, 201, JSON.stringify(created.body));
    t.true(created.body.id.startsWith('session_'));
    t.like(created.body, {
      versionId,
      customId: 'conv-1',
      isProduction: false,
      status: 'PENDING',
      testCaseId: null,
      runId: run.id,
      deletedAt: null,
    });
    t.false('version' in created.body);
    t.false('organizationId' in created.body);
    t.is(other.status, 201);
  });

  test(title('sessions: read back as created, and filtered by custom id, version, status, run and date'), async (t) => {
    const tenant = await createTenant(world());
    const { versionId, run, created } = await sessionScene(tenant);
    t.deepEqual((await tenant.member.get(`/sessions/${created.body.id}`)).body, created.body);
    const byCustom = await tenant.member.get('/sessions', { customIds: ['conv-1'] });
    t.deepEqual(
      byCustom.body.map((s: { id: string }) => s.id),
      [created.body.id],
    );
    t.is((await tenant.member.get('/sessions', { versionIds: [versionId], statuses: ['PENDING'] })).body.length, 2);
    t.is((await tenant.member.get('/sessions', { runIds: [run.id] })).body.length, 1);
    t.is((await tenant.member.get('/sessions', { createdAfter: '2999-01-01T00:00:00Z' })).body.length, 0);
  });

  test(title('sessions: PATCH changes the fields sent and keeps the others'), async (t) => {
    const tenant = await createTenant(world());
    const { created } = await sessionScene(tenant);
    const patched = await tenant.member.patch(`/sessions/${created.body.id}`, { metadata: null, customId: 'conv-1b' });
    t.is(patched.status, 200);
    t.like(patched.body, { metadata: null, customId: 'conv-1b', context: { channel: 'web' } });
  });

  test(title('sessions: a stopping reason completes a session once; a second finish is a conflict'), async (t) => {
    const tenant = await createTenant(world());
    const { created } = await sessionScene(tenant);
    const finished = await tenant.member.post(`/sessions/${created.body.id}/finish`, {
      stoppingReason: 'user said bye',
    });
    t.is(finished.status, 200);
    t.like(finished.body, { status: 'COMPLETED', stoppingReason: 'user said bye', error: null });
    t.is(typeof finished.body.finishedAt, 'string');
    const again = await tenant.member.post(`/sessions/${created.body.id}/finish`, { error: 'late' });
    t.is(again.status, 409);
    t.is(again.body.error, 'conflict');
  });

  test(
    title('sessions: an error fails a session, a bare finish completes it, unknown fields are refused'),
    async (t) => {
      const tenant = await createTenant(world());
      const { versionId, other } = await sessionScene(tenant);
      const failed = await tenant.member.post(`/sessions/${other.body.id}/finish`, { error: 'endpoint timed out' });
      t.like(failed.body, { status: 'FAILED', error: 'endpoint timed out' });
      const third = await tenant.member.post('/sessions', { versionId });
      const bare = await tenant.member.post(`/sessions/${third.body.id}/finish`);
      t.is(bare.status, 200);
      t.like(bare.body, { status: 'COMPLETED', stoppingReason: null });
      t.is((await tenant.member.post(`/sessions/${third.body.id}/finish`, { reason: 'x' })).status, 400);
    },
  );

  test(
    title('sessions: customId is unique per version (409), free on another version and after deletion'),
    async (t) => {
      const tenant = await createTenant(world());
      const versionId = await createVersionFor(world(), tenant);
      const secondVersion = await createVersionFor(world(), tenant);
      t.is((await tenant.member.post('/sessions', { versionId, customId: 'dup' })).status, 201);
      const clash = await tenant.member.post('/sessions', { versionId, customId: 'dup' });
      t.is(clash.status, 409);
      t.is(clash.body.error, 'conflict');
      t.is((await tenant.member.post('/sessions', { versionId: secondVersion, customId: 'dup' })).status, 201);
      const first = (await tenant.member.get('/sessions', { customIds: ['dup'], versionIds: [versionId] })).body[0];
      const removed = await tenant.member.delete(`/sessions/${first.id}`);
      t.is(removed.status, 200);
      t.deepEqual(Object.keys(removed.body).sort(), ['deletedAt', 'id']);
      t.is((await tenant.member.get(`/sessions/${first.id}`)).status, 404);
      t.is((await tenant.member.post('/sessions', { versionId, customId: 'dup' })).status, 201);
    },
  );

  test(
    title(
      'sessions: invalid input is a 400, an unknown or foreign version a 404, test-case sessions are not production',
    ),
    async (t) => {
      const tenant = await createTenant(world());
      const stranger = await createTenant(world());
      const versionId = await createVersionFor(world(), tenant);
      const foreignVersion = await createVersionFor(world(), stranger);
      for (const body of [
        {},
        { versionId, unknown: 1 },
        { versionId, context: 'text' },
        { versionId, customId: '' },
        { versionId, isProduction: 'yes' },
      ]) {
        const response = await tenant.member.post('/sessions', body);
        t.is(response.status, 400, JSON.stringify(body));
        t.is(response.body.error, 'invalid_input');
      }
      t.is((await tenant.member.post('/sessions', { versionId: 'version_nope' })).status, 404);
      t.is((await tenant.member.post('/sessions', { versionId: foreignVersion })).status, 404);
      t.is((await tenant.member.post('/sessions', { versionId, testCaseId: 'testCase_nope' })).status, 404);
      t.is((await tenant.member.get('/sessions', { statuses: ['DONE'] })).status, 400);
      const testCaseId = await createTestCaseFor(tenant);
      const fromTest = await tenant.member.post('/sessions', { versionId, testCaseId });
      t.is(fromTest.status, 201, JSON.stringify(fromTest.body));
      t.false(fromTest.body.isProduction);
      t.is((await tenant.member.get('/sessions', { testCaseIds: [testCaseId] })).body[0].id, fromTest.body.id);
      const refused = await tenant.member.post('/sessions', { versionId, testCaseId, isProduction: true });
      t.is(refused.status, 400);
      t.is(refused.body.issues[0].path, 'isProduction');
      const strangerCase = await createTestCaseFor(stranger);
      t.is((await tenant.member.post('/sessions', { versionId, testCaseId: strangerCase })).status, 404);
    },
  );

  test(
    title("sessions and inference results: another organization's records answer 404 and cannot be touched"),
    async (t) => {
      const tenant = await createTenant(world());
      const stranger = await createTenant(world());
      const versionId = await createVersionFor(world(), tenant);
      const session = (await tenant.member.post('/sessions', { versionId })).body;
      const result = (await tenant.member.post('/inferenceResults', { sessionId: session.id, input: 'q' })).body;
      t.is((await stranger.owner.get(`/sessions/${session.id}`)).status, 404);
      t.is((await stranger.owner.patch(`/sessions/${session.id}`, { metadata: {} })).status, 404);
      t.is((await stranger.owner.post(`/sessions/${session.id}/finish`, {})).status, 404);
      t.is((await stranger.owner.delete(`/sessions/${session.id}`)).status, 404);
      t.is((await stranger.owner.get('/sessions')).body.length, 0);
      t.is((await stranger.owner.post('/inferenceResults', { sessionId: session.id })).status, 404);
      t.is(
        (
          await stranger.owner.post('/inferenceResults/batch', {
            sessionId: session.id,
            conversationTurns: [{ role: 'user', content: 'x' }],
          })
        ).status,
        404,
      );
      t.is((await stranger.owner.get(`/inferenceResults/${result.id}`)).status, 404);
      t.is((await stranger.owner.patch(`/inferenceResults/${result.id}`, { output: 'x' })).status, 404);
      t.is((await stranger.owner.delete(`/inferenceResults/${result.id}`)).status, 404);
      t.is((await stranger.owner.get('/inferenceResults', { sessionIds: [session.id] })).body.length, 0);
      t.is((await tenant.member.get(`/sessions/${session.id}`)).body.status, 'PENDING');
      t.is((await tenant.member.get(`/inferenceResults/${result.id}`)).body.output, null);
    },
  );

  test(
    title('inference results: create, batch from conversation turns, filter, update, delete with the session'),
    async (t) => {
      const tenant = await createTenant(world());
      const versionId = await createVersionFor(world(), tenant);
      const session = (await tenant.member.post('/sessions', { versionId })).body;
      const one = await tenant.member.post('/inferenceResults', {
        sessionId: session.id,
        input: 'q',
        output: 'a',
        inputTokens: 3,
        outputTokens: 4,
        cost: 0.01,
        latency: 120,
      });
      t.is(one.status, 201, JSON.stringify(one.body));
      t.true(one.body.id.startsWith('inferenceResult_'));
      t.like(one.body, { totalTokens: 7, status: 'COMPLETED', droppedSpanCount: 0, retrievalContext: null });
      const batch = await tenant.member.post('/inferenceResults/batch', {
        sessionId: session.id,
        conversationTurns: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello', retrievalContext: ['doc 1'] },
          { role: 'user', content: 'bye' },
        ],
      });
      t.is(batch.status, 201, JSON.stringify(batch.body));
      t.is(batch.body.length, 2);
      t.like(batch.body[0], { input: 'hi', output: 'hello', retrievalContext: ['doc 1'], status: 'COMPLETED' });
      t.like(batch.body[1], { input: 'bye', output: null, status: 'PENDING' });
      t.is((await tenant.member.get('/inferenceResults', { sessionIds: [session.id] })).body.length, 3);
      t.is((await tenant.member.get('/inferenceResults', { ids: [one.body.id] })).body.length, 1);
      const bad = await tenant.member.post('/inferenceResults/batch', {
        sessionId: session.id,
        conversationTurns: [{ role: 'robot', content: 'x' }],
      });
      t.is(bad.status, 400);
      t.is((await tenant.member.post('/inferenceResults', { sessionId: session.id, latency: -1 })).status, 400);
      t.is((await tenant.member.post('/inferenceResults', { sessionId: session.id, droppedSpanCount: 3 })).status, 400);
      const patched = await tenant.member.patch(`/inferenceResults/${batch.body[1].id}`, {
        output: 'see you',
        status: 'COMPLETED',
      });
      t.like(patched.body, { output: 'see you', status: 'COMPLETED' });
      const removed = await tenant.owner.delete(`/sessions/${session.id}`);
      t.is(removed.status, 200);
      t.is((await tenant.member.get(`/inferenceResults/${one.body.id}`)).status, 404);
      t.is((await tenant.member.get('/inferenceResults', { sessionIds: [session.id] })).body.length, 0);
    },
  );
}
