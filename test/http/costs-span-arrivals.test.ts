import test from 'ava';
import { createTenant, databaseWorlds, type HttpWorld, type Tenant } from '../support/http-world.ts';
import { createVersionFor, postSpans, uniqueSpanId } from '../support/tracing-fixtures.ts';

// A turn fed by many span batches is priced from what each batch brings (not by reading its earlier spans again):
// these check the sums stay exact, the model rule holds, and concurrent batches lose nothing.

let counter = 0;
const unique = (name: string) => `${name}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

const generation = (turnId: string, model: string, input: number, output: number, startTime: string) => ({
  id: uniqueSpanId('arrival'),
  inferenceResultId: turnId,
  name: 'chat',
  type: 'GENERATION',
  model,
  usage: { inputTokens: input, outputTokens: output },
  startTime,
});

/** A version, a session on it and a turn with nothing sent about usage or model. */
async function turnOf(world: HttpWorld, tenant: Tenant) {
  const versionId = await createVersionFor(world, tenant);
  const session = await tenant.member.post('/sessions', { versionId });
  const turn = await tenant.member.post('/inferenceResults', { sessionId: session.body.id, input: 'q', output: 'a' });
  if (turn.status !== 201) throw new Error(JSON.stringify(turn.body));
  return { versionId, sessionId: session.body.id as string, turnId: turn.body.id as string };
}

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

for (const { world, title } of await databaseWorlds(test)) {
  test(
    title('a turn fed by many span batches: usage and cost summed exactly, the last-starting model prices it'),
    async (t) => {
      const tenant = await createTenant(world());
      const other = await createTenant(world());
      const cheap = unique('cheap');
      const dear = unique('dear');
      for (const [name, price] of [
        [cheap, 0.000001],
        [dear, 0.00001],
      ] as const)
        t.is(
          (await tenant.owner.post('/models', { name, costPerInputToken: price, costPerOutputToken: price })).status,
          201,
        );
      const { versionId, sessionId, turnId } = await turnOf(world(), tenant);

      // Five batches of 40 model calls, one AGENT span among them (no usage counted from it).
      let input = 0;
      let output = 0;
      for (let batch = 0; batch < 5; batch++) {
        const spans = Array.from({ length: 40 }, (_, index) =>
          generation(turnId, cheap, 10 + index, 1 + batch, at(batch * 40 + index)),
        );
        input += spans.reduce((sum, span) => sum + span.usage.inputTokens, 0);
        output += spans.reduce((sum, span) => sum + span.usage.outputTokens, 0);
        const agent = { id: uniqueSpanId('agent'), inferenceResultId: turnId, name: 'agent', type: 'AGENT' };
        const sent = await postSpans(tenant.member, [agent, ...spans]);
        t.is(sent.status, 201, JSON.stringify(sent.body).slice(0, 300));
        // Re-sending the whole batch adds nothing.
        t.is((await postSpans(tenant.member, spans)).status, 201);
      }
      let read = await tenant.member.get(`/inferenceResults/${turnId}`);
      t.like(read.body, { inputTokens: input, outputTokens: output, totalTokens: input + output, model: cheap });
      t.is(read.body.cost, (input + output) / 1_000_000, JSON.stringify(read.body));

      // A call that started before the others names another model: the last-starting one still names the turn's.
      const early = generation(turnId, dear, 5, 5, at(0));
      t.is((await postSpans(tenant.member, [early])).status, 201);
      input += 5;
      output += 5;
      read = await tenant.member.get(`/inferenceResults/${turnId}`);
      t.like(read.body, { inputTokens: input, outputTokens: output, model: cheap });
      t.is(read.body.cost, (input + output) / 1_000_000);

      // One that started after every other names the model now: the whole turn is priced by it.
      const late = generation(turnId, dear, 7, 3, at(3600));
      t.is((await postSpans(tenant.member, [late])).status, 201);
      input += 7;
      output += 3;
      read = await tenant.member.get(`/inferenceResults/${turnId}`);
      t.like(read.body, { inputTokens: input, outputTokens: output, model: dear, costSource: 'MODEL' });
      t.is(read.body.cost, (input + output) / 100_000);

      // The session's totals and the usage rollups agree with the turn.
      const totals = await tenant.member.get(`/sessions/${sessionId}`);
      t.like(totals.body, { inputTokens: input, outputTokens: output, cost: read.body.cost });
      const today = new Date().toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const usage = await tenant.member.get(
        `/usage?groupBy=model&versionIds=${versionId}&from=${today}&to=${tomorrow}`,
      );
      t.deepEqual(
        usage.body.map((line: { model: string; inputTokens: number; cost: number }) => [
          line.model,
          line.inputTokens,
          line.cost,
        ]),
        [[dear, input, read.body.cost]],
      );
      t.is((await other.member.get(`/inferenceResults/${turnId}`)).status, 404);
    },
  );

  test(
    title('concurrent span batches for one turn, some re-sending the same spans: every span counted once'),
    async (t) => {
      const tenant = await createTenant(world());
      const model = unique('flat');
      t.is(
        (await tenant.owner.post('/models', { name: model, costPerInputToken: 0.000002, costPerOutputToken: 0.000002 }))
          .status,
        201,
      );
      const { turnId } = await turnOf(world(), tenant);
      const batches = Array.from({ length: 8 }, (_, batch) =>
        Array.from({ length: 25 }, (_, index) => generation(turnId, model, 3, 1, at(batch * 25 + index))),
      );
      // Each batch twice, all at once: the second copy of a batch races its first.
      const answers = await Promise.all([...batches, ...batches].map((spans) => postSpans(tenant.member, spans)));
      t.deepEqual(
        answers.map((answer) => answer.status),
        answers.map(() => 201),
      );
      const read = await tenant.member.get(`/inferenceResults/${turnId}`);
      t.like(read.body, { inputTokens: 8 * 25 * 3, outputTokens: 8 * 25, model });
      t.is(read.body.cost, (8 * 25 * 4 * 2) / 1_000_000);
    },
  );
}
