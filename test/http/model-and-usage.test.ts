import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { createInferenceResultFor, postSpans, uniqueSpanId } from '../support/tracing-fixtures.ts';

// Model and token usage as fields of their own: spans sent in a batch carry them, inference results hold the turn's.

for (const { world, title } of await databaseWorlds(test)) {
  test(title('a batch span carries model and usage (cache tokens too); bad ones are refused alone'), async (t) => {
    const tenant = await createTenant(world());
    const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
    const id = uniqueSpanId('generation');
    const answer = await postSpans(
      tenant.member,
      [
        {
          id,
          inferenceResultId,
          name: 'chat',
          type: 'GENERATION',
          model: 'gpt-4o-2024-08-06',
          usage: { inputTokens: 120, outputTokens: 8, cacheReadInputTokens: 100 },
        },
        { inferenceResultId, name: 'blank model', model: ' ' },
        { inferenceResultId, name: 'long model', model: 'm'.repeat(256) },
        { inferenceResultId, name: 'usage list', usage: [1] },
        { inferenceResultId, name: 'negative', usage: { inputTokens: -1 } },
        { inferenceResultId, name: 'fraction', usage: { outputTokens: 1.5 } },
        { inferenceResultId, name: 'unknown count', usage: { reasoningTokens: 3 } },
      ],
      'includeRejected=true',
    );
    t.is(answer.status, 201, JSON.stringify(answer.body));
    t.like(answer.body.created[0], {
      model: 'gpt-4o-2024-08-06',
      usage: {
        inputTokens: 120,
        outputTokens: 8,
        totalTokens: 128,
        cacheReadInputTokens: 100,
        cacheCreationInputTokens: null,
      },
    });
    t.deepEqual(
      answer.body.rejected.map((rejection: { index: number; error: string }) => [rejection.index, rejection.error]),
      [
        [1, 'invalid_field'],
        [2, 'invalid_field'],
        [3, 'invalid_field'],
        [4, 'invalid_field'],
        [5, 'invalid_field'],
        [6, 'unknown_field'],
      ],
    );
    t.regex(answer.body.rejected[5].message, /usage\.reasoningTokens: unknown field/);
    const stored = await tenant.member.get(`/traces/${id}`);
    t.like(stored.body, { model: 'gpt-4o-2024-08-06', usage: { totalTokens: 128, cacheReadInputTokens: 100 } });
    const plain = (await postSpans(tenant.member, [{ inferenceResultId, name: 'plain' }])).body[0];
    t.like(plain, { model: null, usage: null });
  });

  test(title('an inference result holds its model and cache tokens; bad values are 400'), async (t) => {
    const tenant = await createTenant(world());
    const { sessionId, inferenceResultId } = await createInferenceResultFor(world(), tenant);
    const created = await tenant.member.post('/inferenceResults', {
      sessionId,
      input: 'q',
      inputTokens: 1200,
      outputTokens: 40,
      cacheReadInputTokens: 1000,
      cacheCreationInputTokens: 150,
      model: 'claude-sonnet-4',
    });
    t.is(created.status, 201, JSON.stringify(created.body));
    t.like(created.body, {
      totalTokens: 1240,
      cacheReadInputTokens: 1000,
      cacheCreationInputTokens: 150,
      model: 'claude-sonnet-4',
    });
    t.like((await tenant.member.get(`/inferenceResults/${inferenceResultId}`)).body, {
      model: null,
      cacheReadInputTokens: null,
      cacheCreationInputTokens: null,
    });
    const patched = await tenant.member.patch(`/inferenceResults/${inferenceResultId}`, {
      model: 'gpt-4o',
      cacheReadInputTokens: 3,
    });
    t.is(patched.status, 200, JSON.stringify(patched.body));
    t.like(patched.body, { model: 'gpt-4o', cacheReadInputTokens: 3 });
    for (const [field, value] of [
      ['cacheReadInputTokens', -1],
      ['cacheCreationInputTokens', 2.5],
      ['model', ''],
      ['model', 'm'.repeat(256)],
      ['model', 7],
    ] as const) {
      const refused = await tenant.member.post('/inferenceResults', { sessionId, [field]: value });
      t.is(refused.status, 400, `${field}: ${JSON.stringify(value)}`);
      t.is(refused.body.issues?.[0]?.path, field);
    }
  });
}
