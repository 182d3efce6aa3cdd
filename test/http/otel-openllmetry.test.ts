import test from 'ava';
import { OpenAIInstrumentation } from '@traceloop/instrumentation-openai';
import OpenAI from 'openai';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import {
  associationPropertiesProcessor,
  exactMatchScene,
  OTLP_FORMATS,
  playConversation,
  providerExportingTo,
  QUESTIONS,
  withAssociationProperties,
} from '../support/instrumented-openai.ts';
import {
  ANSWERS,
  type OpenAiCompatibleServer,
  RESPONSE_MODEL,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';
import { createVersionFor } from '../support/tracing-fixtures.ts';

// OpenLLMetry: the real OpenAI client traced by @traceloop/instrumentation-openai (GenAI semantic conventions, messages
// as `gen_ai.input.messages` with parts), exported by the OTel SDK over OTLP to the real server, calling a real
// OpenAI-compatible model on loopback. The session is OpenLLMetry's own association property.

const instrumentation = new OpenAIInstrumentation({ traceContent: true });
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
      title(`OpenLLMetry spans over OTLP ${format} become turns; its session_id association property places them`),
      async (t) => {
        const tenant = await createTenant(world());
        const versionId = await createVersionFor(world(), tenant);
        const provider = providerExportingTo(world().url, tenant.member, Exporter, { 'assay.version.id': versionId }, [
          associationPropertiesProcessor,
        ]);
        instrumentation.setTracerProvider(provider);
        const conversation = `traceloop-${format}-${Math.random().toString(36).slice(2, 8)}`;
        await withAssociationProperties({ session_id: conversation }, () => playConversation(openai));
        await provider.shutdown();

        const sessions = (await tenant.member.get('/sessions', { customIds: [conversation] })).body;
        t.is(sessions.length, 1, 'traceloop.association.properties.session_id places every call in one session');
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
        });
        t.like(turn(QUESTIONS.tool), { output: 'get_weather({"city":"Paris"})', model: RESPONSE_MODEL });
        t.like(turn(QUESTIONS.streamed), { output: ANSWERS.streamed, model: RESPONSE_MODEL });
        // @traceloop/instrumentation-openai 0.27 does not report cached tokens; the GenAI attributes are read when sent.
        t.like(turn(QUESTIONS.cached), { output: ANSWERS.plain, inputTokens: 21 });

        const spans = (await tenant.member.get('/traces', { sessionIds: [sessions[0].id] })).body;
        t.deepEqual(
          spans.map((span: { type: string }) => span.type),
          ['GENERATION', 'GENERATION', 'GENERATION', 'GENERATION'],
        );
        const plain = spans.find((span: any) => span.inferenceResultId === turn(QUESTIONS.plain).id);
        t.like(plain, { model: RESPONSE_MODEL, usage: { inputTokens: 21, outputTokens: 7, totalTokens: 28 } });
        t.is(plain.inputData.input_messages.length, 2, 'the whole message list stays in inputData');
        t.is(plain.inputData.input_messages[1].parts[0].content, QUESTIONS.plain);
        for (const mapped of [
          'gen_ai.input.messages',
          'gen_ai.output.messages',
          'gen_ai.operation.name',
          'gen_ai.request.model',
          'gen_ai.response.model',
          'gen_ai.usage.input_tokens',
          'gen_ai.usage.total_tokens',
          'traceloop.association.properties.session_id',
        ])
          t.false(mapped in plain.metadata, `${mapped} is mapped, not repeated in metadata`);
        t.is(plain.metadata['gen_ai.provider.name'], 'openai', 'what no convention maps stays in metadata');
        const tool = spans.find((span: any) => span.inferenceResultId === turn(QUESTIONS.tool).id);
        t.is(tool.inputData.tool_definitions[0].function.name, 'get_weather');
      },
    );
  }

  test.serial(title('an exact-match metric scores an OpenLLMetry turn 1'), async (t) => {
    const tenant = await createTenant(world());
    const scene = await exactMatchScene(tenant.member, ANSWERS.plain);
    const provider = providerExportingTo(world().url, tenant.member, OTLP_FORMATS[0][1], {
      'assay.session.id': scene.sessionId,
    });
    instrumentation.setTracerProvider(provider);
    await openai.chat.completions.create({
      model: 'local-model',
      messages: [{ role: 'user', content: QUESTIONS.plain }],
    });
    await provider.shutdown();
    const [turn] = (await tenant.member.get('/inferenceResults', { sessionIds: [scene.sessionId] })).body;
    t.like(turn, { input: QUESTIONS.plain, output: ANSWERS.plain, model: RESPONSE_MODEL });
    t.like(await scene.scoreTurn(turn.id), { status: 'SUCCESS', score: 1 });
  });
}
