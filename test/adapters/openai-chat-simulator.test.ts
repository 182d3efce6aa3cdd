import test from 'ava';
import { createSimulator, OpenAiChatSimulator } from '../../adapters/simulator/openai-chat-simulator.ts';
import { loadConfig } from '../../bootstrap/config.ts';
import { simulatorSettings } from '../../bootstrap/simulator-settings.ts';
import { plainText, startSimulatorServer, stopsAfter } from '../support/simulator-server.ts';

const brief = {
  userPersona: 'An impatient customer',
  goal: 'Get a refund',
  scenario: 'Bought shoes that do not fit',
  languageCode: 'pt-BR',
  history: [
    { role: 'user' as const, content: 'I want my money back' },
    { role: 'assistant' as const, content: 'echo: I want my money back' },
  ],
};

test('asks for a JSON object with the persona, goal, scenario, language and the history, roles swapped', async (t) => {
  const server = await startSimulatorServer(stopsAfter(2));
  t.teardown(() => server.close());
  const simulator = new OpenAiChatSimulator({ baseUrl: server.url, model: 'sim-1', apiKey: 'sk-sim', timeoutMs: 2000 });
  t.deepEqual(await simulator.next(brief), { kind: 'message', message: 'user turn 1', stop: false, reason: null });
  t.deepEqual(await simulator.next(brief), { kind: 'message', message: '', stop: true, reason: 'goal reached' });
  const [{ body, authorization }] = server.requests;
  t.is(authorization, 'Bearer sk-sim');
  t.like(body, { model: 'sim-1', response_format: { type: 'json_object' } });
  const system = body.messages[0].content;
  for (const part of ['An impatient customer', 'Get a refund', 'Bought shoes', 'pt-BR']) t.true(system.includes(part));
  t.deepEqual(body.messages.slice(1), [
    { role: 'assistant', content: 'I want my money back' },
    { role: 'user', content: 'echo: I want my money back' },
  ]);
  t.is(simulator.version, 'openai-chat:sim-1');
});

test('a plain-text answer is the message, without stopping', async (t) => {
  const server = await startSimulatorServer(plainText);
  t.teardown(() => server.close());
  const simulator = new OpenAiChatSimulator({ baseUrl: server.url, model: 'sim-1', timeoutMs: 2000 });
  t.deepEqual(await simulator.next({ ...brief, history: [] }), {
    kind: 'message',
    message: 'plain message 1',
    stop: false,
    reason: null,
  });
});

test('provider errors, unreachable models and bodies that are not JSON are failed replies with the key redacted', async (t) => {
  const server = await startSimulatorServer((_body, index) =>
    index === 0
      ? { status: 401, body: JSON.stringify({ error: { message: 'Incorrect API key provided: sk-secret-1' } }) }
      : { status: 200, body: 'not json' },
  );
  t.teardown(() => server.close());
  const simulator = new OpenAiChatSimulator({
    baseUrl: server.url,
    model: 'sim-1',
    apiKey: 'sk-secret-1',
    timeoutMs: 2000,
  });
  const first = await simulator.next(brief);
  t.is(first.kind, 'failed');
  t.true(first.kind === 'failed' && first.error.startsWith('The simulator model answered HTTP 401'));
  t.false(JSON.stringify(first).includes('sk-secret-1'));
  t.like(await simulator.next(brief), {
    kind: 'failed',
    error: 'The simulator model answered with a body that is not JSON',
  });
  const gone = new OpenAiChatSimulator({ baseUrl: 'http://127.0.0.1:9/v1', model: 'x', timeoutMs: 2000 });
  t.like(await gone.next(brief), { kind: 'failed' });
});

test('without a model the simulator is unconfigured and says which settings to set', async (t) => {
  const simulator = createSimulator({ timeoutMs: 1000 });
  t.false(simulator.configured);
  const reply = await simulator.next(brief);
  t.true(reply.kind === 'failed' && reply.error.includes('SIMULATOR_BASE_URL'));
});

test('the simulator settings fall back to the judge only when SIMULATOR_BASE_URL is unset', (t) => {
  const judge = { JUDGE_BASE_URL: 'http://judge.example/v1', JUDGE_MODEL: 'judge-1', JUDGE_API_KEY: 'sk-judge' };
  t.deepEqual(simulatorSettings(loadConfig(judge)), {
    baseUrl: 'http://judge.example/v1',
    model: 'judge-1',
    apiKey: 'sk-judge',
    timeoutMs: 30_000,
    modelSource: 'fallback',
  });
  t.deepEqual(simulatorSettings(loadConfig({ ...judge, SIMULATOR_BASE_URL: 'http://sim.example/v1' })), {
    baseUrl: 'http://sim.example/v1',
    model: undefined,
    apiKey: undefined,
    timeoutMs: 30_000,
    modelSource: 'fallback',
  });
  t.like(simulatorSettings(loadConfig({ ...judge, SIMULATOR_MODEL: 'sim-2' })), {
    model: 'sim-2',
    apiKey: 'sk-judge',
    modelSource: 'env',
  });
  t.is(loadConfig({}).SIMULATOR_TURN_CREDITS, 1);
});
