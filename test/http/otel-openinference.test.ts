import test from 'ava';
import { OpenAIInstrumentation } from '@arizeai/openinference-instrumentation-openai';
import { setSession } from '@arizeai/openinference-core';
import { context } from '@opentelemetry/api';
import OpenAI from 'openai';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import {
  exactMatchScene,
  OTLP_FORMATS,
  playConversation,
  providerExportingTo,
  QUESTIONS,
} from '../support/instrumented-openai.ts';
import {
  ANSWERS,
  type OpenAiCompatibleServer,
  RESPONSE_MODEL,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';
import { createVersionFor } from '../support/tracing-fixtures.ts';

// OpenInference (what Phoenix users run): the real OpenAI client traced by @arizeai/openinference-instrumentation-openai,
// exported by the OTel SDK over OTLP to the real server, calling a real OpenAI-compatible model on loopback.

const instrumentation = new OpenAIInstrumentation();
instrumentation.manuallyInstrument(OpenAI);
const worlds = await databaseWorlds(test);
let model: OpenAiCompatibleServer;
let openai: OpenAI;
test.before(async () => {
  model = await startOpenAiCompatibleServer();
  openai = new OpenAI({ baseURL: model.url, apiKey: 'sk-local', maxRetries: 0 });
});
test.after.always(() => model?.close());

for (const { world, title } of worlds) {
  for (const [format, Exporter] of OTLP_FORMATS) {
    test.serial(
      title(`OpenInference spans over OTLP ${format} become turns: question, answer, model, usage`),
      async (t) => {
        const tenant = await createTenant(world());
        const versionId = await createVersionFor(world(), tenant);
        const provider = providerExportingTo(world().url, tenant.member, Exporter, { 'assay.version.id': versionId });
        instrumentation.setTracerProvider(provider);
        const conversation = `phoenix-${format}-${Math.random().toString(36).slice(2, 8)}`;
        await context.with(setSession(context.active(), { sessionId: conversation }), () => playConversation(openai));
        await provider.forceFlush();
        await provider.shutdown();

        const sessions = (await tenant.member.get('/sessions', { customIds: [conversation] })).body;
        t.is(sessions.length, 1, 'session.id places every call in one session');
        t.like(sessions[0], { versionId });
        const results = (await tenant.member.get('/inferenceResults', { sessionIds: [sessions[0].id] })).body;
        t.is(results.length, 4);
        const turn = (input: string) => results.find((result: { input: string }) => result.input === input);
        t.like(turn(QUESTIONS.plain), {
          output: ANSWERS.plain,
          model: RESPONSE_MODEL,
          inputTokens: 21,
          outputTokens: 7,
          totalTokens: 28,
          cacheReadInputTokens: null,
        });
        t.like(turn(QUESTIONS.tool), { output: 'get_weather({"city":"Paris"})', model: RESPONSE_MODEL });
        t.like(turn(QUESTIONS.streamed), { output: ANSWERS.streamed });
        t.truthy(turn(QUESTIONS.streamed)?.model, 'a streamed call names its model too');
        t.like(turn(QUESTIONS.cached), { output: ANSWERS.plain, inputTokens: 21, cacheReadInputTokens: 16 });

        const spans = (await tenant.member.get('/traces', { sessionIds: [sessions[0].id] })).body;
        t.deepEqual(
          spans.map((span: { type: string }) => span.type),
          ['GENERATION', 'GENERATION', 'GENERATION', 'GENERATION'],
        );
        const plain = spans.find((span: any) => span.inferenceResultId === turn(QUESTIONS.plain).id);
        t.is(plain.model, RESPONSE_MODEL);
        t.deepEqual(plain.usage, {
          inputTokens: 21,
          outputTokens: 7,
          totalTokens: 28,
          cacheReadInputTokens: null,
          cacheCreationInputTokens: null,
        });
        t.deepEqual(plain.inputData.input_messages, [
          { role: 'system', content: 'Answer in one sentence.' },
          { role: 'user', content: QUESTIONS.plain },
        ]);
        t.deepEqual(plain.outputData.output_messages, [{ role: 'assistant', content: ANSWERS.plain }]);
        for (const mapped of [
          'openinference.span.kind',
          'llm.model_name',
          'llm.token_count.prompt',
          'llm.input_messages.1.message.content',
          'llm.output_messages.0.message.content',
          'input.value',
          'output.value',
          'session.id',
        ])
          t.false(mapped in plain.metadata, `${mapped} is mapped, not repeated in metadata`);
        t.is(plain.metadata['llm.system'], 'openai', 'what no convention maps stays in metadata');
        const tool = spans.find((span: any) => span.inferenceResultId === turn(QUESTIONS.tool).id);
        t.deepEqual(tool.outputData.output_messages, [
          { role: 'assistant', content: null, tool_calls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] },
        ]);
        t.is(tool.inputData.tools[0].function.name, 'get_weather', 'tool definitions are kept with the input');
      },
    );
  }

  test.serial(title('an exact-match metric scores an OpenInference turn 1'), async (t) => {
    const tenant = await createTenant(world());
    const scene = await exactMatchScene(tenant.member, ANSWERS.plain);
    const provider = providerExportingTo(world().url, tenant.member, OTLP_FORMATS[1][1], {
      'assay.session.id': scene.sessionId,
    });
    instrumentation.setTracerProvider(provider);
    await openai.chat.completions.create({
      model: 'local-model',
      messages: [{ role: 'user', content: QUESTIONS.plain }],
    });
    await provider.shutdown();
    const [turn] = (await tenant.member.get('/inferenceResults', { sessionIds: [scene.sessionId] })).body;
    t.like(turn, { input: QUESTIONS.plain, output: ANSWERS.plain });
    t.like(await scene.scoreTurn(turn.id), { status: 'SUCCESS', score: 1 });
  });
}
