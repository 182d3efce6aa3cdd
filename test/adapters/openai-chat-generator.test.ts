import test from 'ava';
import { createGenerationModel } from '../../adapters/generation/openai-chat-generator.ts';
import { ANSWER_CHARS_LIMIT } from '../../adapters/generation/generation-prompt.ts';
import { chatCompletion, json, readBody, startLocalHttp } from '../support/local-http.ts';

const brief = {
  kind: 'SCENARIOS',
  languageCode: 'en',
  count: 2,
  customUserFocus: null,
  product: { name: 'P', description: null, specifications: [] },
} as const;

test('answers: items, malformed content, an error status, an answer past the byte bound, no model', async (t) => {
  const replies = [
    (response: Parameters<typeof json>[0]) =>
      chatCompletion(response, { id: 'a', model: 'm', content: '{"testCases":[{"goal":"g"}]}' }),
    (response: Parameters<typeof json>[0]) =>
      chatCompletion(response, { id: 'b', model: 'm', content: '{"cases":[]}' }),
    (response: Parameters<typeof json>[0]) => json(response, 401, { error: { message: 'bad key sk-secret-123' } }),
    (response: Parameters<typeof json>[0]) =>
      chatCompletion(response, { id: 'c', model: 'm', content: 'x'.repeat(ANSWER_CHARS_LIMIT + 10) }),
  ];
  let asked = 0;
  const server = await startLocalHttp(async (request, response) => {
    await readBody(request);
    replies[asked++](response);
  });
  t.teardown(server.close);
  const model = createGenerationModel({ baseUrl: server.url, model: 'm', apiKey: 'sk-secret-123', timeoutMs: 5000 });
  t.deepEqual(await model.ask(brief), { kind: 'items', items: [{ goal: 'g' }] });
  t.like(await model.ask(brief), { kind: 'malformed' });
  const refused = await model.ask(brief);
  t.like(refused, { kind: 'unreachable' });
  t.false(JSON.stringify(refused).includes('sk-secret-123'));
  const oversized = await model.ask(brief);
  t.like(oversized, { kind: 'unreachable' });
  t.regex('error' in oversized ? oversized.error : '', /more than 4194304 bytes/);
  const none = createGenerationModel({ timeoutMs: 5000 });
  t.false(none.configured);
  t.like(await none.ask(brief), { kind: 'unreachable' });
});
