// How span attributes read through the OpenTelemetry GenAI, OpenInference and OpenLLMetry conventions' tables.
import test from 'ava';
import { readConventions } from '../../../domain/tracing/otel-attributes.ts';

const genAiMessages = (messages: object[]) => JSON.stringify(messages);

/** What a span's attributes read as, through the conventions' tables: [case, attributes, expected fields]. */
const readings: [string, Record<string, unknown>, Record<string, unknown>][] = [
  [
    'GenAI messages with parts: the last user message and the assistant text, system prompt left out',
    {
      'gen_ai.operation.name': 'chat',
      'gen_ai.input.messages': genAiMessages([
        { role: 'system', parts: [{ type: 'text', content: 'Be brief.' }] },
        { role: 'user', parts: [{ type: 'text', content: 'Hi' }] },
        { role: 'assistant', parts: [{ type: 'text', content: 'Hello' }] },
        {
          role: 'user',
          parts: [
            { type: 'text', content: 'Capital of ' },
            { type: 'text', content: 'France?' },
          ],
        },
      ]),
      'gen_ai.output.messages': genAiMessages([
        { role: 'assistant', parts: [{ type: 'text', content: 'Paris is the capital of France.' }] },
      ]),
    },
    { type: 'GENERATION', inputText: 'Capital of \nFrance?', outputText: 'Paris is the capital of France.' },
  ],
  [
    'GenAI answer made only of tool calls reads as the calls',
    {
      'gen_ai.output.messages': genAiMessages([
        {
          role: 'assistant',
          parts: [
            { type: 'tool_call', id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } },
            { type: 'tool_call', id: 'c2', name: 'get_time', arguments: '{"zone":"CET"}' },
          ],
        },
      ]),
    },
    { outputText: 'get_weather({"city":"Paris"})\nget_time({"zone":"CET"})' },
  ],
  [
    'GenAI flattened gen_ai.prompt.N / gen_ai.completion.N (older OpenLLMetry)',
    {
      'llm.request.type': 'chat',
      'gen_ai.prompt.0.role': 'system',
      'gen_ai.prompt.0.content': 'Be brief.',
      'gen_ai.prompt.1.role': 'user',
      'gen_ai.prompt.1.content': 'Capital of Italy?',
      'gen_ai.completion.0.role': 'assistant',
      'gen_ai.completion.0.content': 'Rome.',
      'gen_ai.usage.prompt_tokens': 9,
      'gen_ai.usage.completion_tokens': 2,
      'llm.usage.total_tokens': 11,
    },
    {
      type: 'GENERATION',
      inputText: 'Capital of Italy?',
      outputText: 'Rome.',
      inputData: {
        prompt: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Capital of Italy?' },
        ],
      },
      usage: {
        inputTokens: 9,
        outputTokens: 2,
        totalTokens: 11,
        cacheReadInputTokens: null,
        cacheCreationInputTokens: null,
      },
    },
  ],
  [
    'GenAI cache tokens (current and older names); a total sent is kept when it differs from input + output',
    {
      'gen_ai.usage.input_tokens': 100,
      'gen_ai.usage.output_tokens': 10,
      'gen_ai.usage.total_tokens': 125,
      'gen_ai.usage.cache_read.input_tokens': 60,
      'gen_ai.usage.cache_creation_input_tokens': 20,
    },
    {
      usage: {
        inputTokens: 100,
        outputTokens: 10,
        totalTokens: 125,
        cacheReadInputTokens: 60,
        cacheCreationInputTokens: 20,
      },
    },
  ],
  [
    'the response model wins over the request model',
    { 'gen_ai.request.model': 'gpt-4o', 'gen_ai.response.model': 'gpt-4o-2024-08-06' },
    { model: 'gpt-4o-2024-08-06', type: 'GENERATION' },
  ],
  ['a request model alone is the model', { 'gen_ai.request.model': 'gpt-4o' }, { model: 'gpt-4o' }],
  [
    'OpenInference flattened messages with content parts and tool calls',
    {
      'openinference.span.kind': 'LLM',
      'llm.model_name': 'claude-x',
      'llm.input_messages.0.message.role': 'user',
      'llm.input_messages.0.message.contents.0.message_content.type': 'text',
      'llm.input_messages.0.message.contents.0.message_content.text': 'Weather in',
      'llm.input_messages.0.message.contents.1.message_content.text': 'Paris?',
      'llm.output_messages.0.message.role': 'assistant',
      'llm.output_messages.0.message.tool_calls.0.tool_call.function.name': 'get_weather',
      'llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments': '{"city":"Paris"}',
      'llm.token_count.prompt': 30,
      'llm.token_count.completion': 5,
      'llm.token_count.prompt_details.cache_read': 24,
      'llm.token_count.prompt_details.cache_write': 6,
    },
    {
      type: 'GENERATION',
      model: 'claude-x',
      inputText: 'Weather in\nParis?',
      outputText: 'get_weather({"city":"Paris"})',
      usage: {
        inputTokens: 30,
        outputTokens: 5,
        totalTokens: 35,
        cacheReadInputTokens: 24,
        cacheCreationInputTokens: 6,
      },
    },
  ],
  [
    'OpenInference without messages reads input.value and output.value',
    {
      'openinference.span.kind': 'CHAIN',
      'input.value': 'What is the capital of France?',
      'input.mime_type': 'text/plain',
      'output.value': 'Paris.',
    },
    {
      type: 'CHAIN',
      inputText: 'What is the capital of France?',
      outputText: 'Paris.',
      inputData: { value: 'What is the capital of France?' },
    },
  ],
  [
    'flattened GenAI completion of tool calls; a model name over 255 characters is not read',
    {
      'gen_ai.request.model': 'm'.repeat(256),
      'gen_ai.completion.0.role': 'assistant',
      'gen_ai.completion.0.tool_calls.0.name': 'get_weather',
      'gen_ai.completion.0.tool_calls.0.arguments': '{"city":"Paris"}',
    },
    { outputText: 'get_weather({"city":"Paris"})', model: null },
  ],
  ['OpenInference RERANKER has no type of ours: SPAN', { 'openinference.span.kind': 'RERANKER' }, { type: 'SPAN' }],
  ['OpenInference GUARDRAIL', { 'openinference.span.kind': 'GUARDRAIL' }, { type: 'GUARDRAIL' }],
  [
    'OpenLLMetry workflow span',
    { 'traceloop.span.kind': 'workflow', 'traceloop.entity.input': 'q' },
    { type: 'CHAIN', inputText: 'q' },
  ],
  [
    'an unknown operation name falls through to the next rule',
    { 'gen_ai.operation.name': 'guardrail.run' },
    { type: 'SPAN' },
  ],
  ['a value read from __proto__ never pollutes', { 'openinference.span.kind': '__proto__' }, { type: 'SPAN' }],
  [
    'negative and fractional counts are not counts',
    { 'gen_ai.usage.input_tokens': -3, 'gen_ai.usage.output_tokens': 1.5 },
    { usage: null },
  ],
];

for (const [label, attributes, expected] of readings) {
  test(`conventions: ${label}`, (t) => {
    const read = readConventions(attributes);
    for (const [field, value] of Object.entries(expected))
      t.deepEqual(read[field as keyof typeof read], value as never, field);
  });
}

test('conventions: mapped attributes leave metadata (an unrecognised type value and unmapped attributes stay)', (t) => {
  const read = readConventions({
    'openinference.span.kind': 'LLM',
    'llm.input_messages.0.message.role': 'user',
    'llm.input_messages.0.message.content': 'q',
    'llm.token_count.total': 3,
    'input.value': '{"messages":[]}',
    'input.mime_type': 'application/json',
    'llm.system': 'openai',
    'llm.input_messages_count': 1,
    'gen_ai.operation.name': 'guardrail.run',
  });
  t.deepEqual(read.rest, {
    'llm.system': 'openai',
    'llm.input_messages_count': 1,
    'gen_ai.operation.name': 'guardrail.run',
  });
});
