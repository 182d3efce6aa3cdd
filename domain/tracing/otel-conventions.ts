import type { SpanType } from './span.ts';
import type { TokenUsage } from './token-usage.ts';

// The span attribute conventions Assay reads, as data: adding a convention is adding a table to OTEL_CONVENTIONS.
// For each first-class field a table names the attributes it is read from, in order; the tables are read in order
// too, so the first convention (and within it the first attribute) that a span carries wins.

/** Where the fields of a message sent as flattened attributes (`<prefix><N>.<field>`) are, below each message. */
export interface IndexedMessageFields {
  readonly role: string;
  readonly content: string;
  /** Content parts (`<contents><M>.<text>`), when the convention splits a message in parts. */
  readonly parts?: { readonly prefix: string; readonly text: string };
  readonly toolCalls: { readonly prefix: string; readonly name: string; readonly arguments: string };
}

/**
 * One source of a span's input or output, stored in `inputData`/`outputData` under `key`:
 * - `messages`: a JSON list of chat messages (GenAI `{role, parts}` or `{role, content}`);
 * - `indexed-messages`: the same list flattened into one attribute per field;
 * - `value`: one attribute as it is (JSON text parsed back into structure); `text` when it reads as the turn's text;
 * - `indexed-values`: a list flattened into `<prefix><N>.<field>` attributes.
 */
export type OtelSource =
  | { readonly kind: 'messages'; readonly attribute: string; readonly key: string }
  | {
      readonly kind: 'indexed-messages';
      readonly prefix: string;
      readonly key: string;
      readonly fields: IndexedMessageFields;
    }
  | {
      readonly kind: 'value';
      readonly attribute: string;
      readonly key: string;
      readonly text: boolean;
      /** An attribute describing this one (its MIME type), read along with it. */
      readonly describedBy?: string;
    }
  | { readonly kind: 'indexed-values'; readonly prefix: string; readonly field: string; readonly key: string };

/** A span type read from an attribute: by its value (`values`), or by its mere presence (`type`). */
export type SpanTypeRule =
  | { readonly attribute: string; readonly values: Readonly<Record<string, SpanType>> }
  | { readonly attribute: string; readonly type: SpanType };

/** One convention: for each first-class field, the attributes it is read from, in order. */
export interface OtelConvention {
  readonly name: string;
  readonly session: readonly string[];
  readonly spanType: readonly SpanTypeRule[];
  readonly input: readonly OtelSource[];
  readonly output: readonly OtelSource[];
  readonly usage: { readonly [Field in keyof TokenUsage]?: readonly string[] };
  readonly requestModel: readonly string[];
  readonly responseModel: readonly string[];
}

/** OpenTelemetry's GenAI semantic conventions, with the flattened `gen_ai.prompt.N.*` form older instrumentations send. */
export const GENAI_CONVENTION: OtelConvention = {
  name: 'OpenTelemetry GenAI',
  session: ['session.id', 'gen_ai.conversation.id'],
  spanType: [
    {
      attribute: 'gen_ai.operation.name',
      values: {
        chat: 'GENERATION',
        text_completion: 'GENERATION',
        generate_content: 'GENERATION',
        embeddings: 'EMBEDDING',
        execute_tool: 'TOOL',
        invoke_agent: 'AGENT',
        create_agent: 'AGENT',
        retrieval: 'RETRIEVER',
      },
    },
    { attribute: 'gen_ai.tool.name', type: 'TOOL' },
    { attribute: 'gen_ai.request.model', type: 'GENERATION' },
  ],
  input: [
    { kind: 'messages', attribute: 'gen_ai.input.messages', key: 'input_messages' },
    { kind: 'indexed-messages', prefix: 'gen_ai.prompt.', key: 'prompt', fields: flattenedGenAiMessage() },
    { kind: 'value', attribute: 'gen_ai.prompt', key: 'prompt', text: true },
    { kind: 'value', attribute: 'gen_ai.system_instructions', key: 'system_instructions', text: false },
    { kind: 'value', attribute: 'gen_ai.tool.call.arguments', key: 'tool_call_arguments', text: true },
    { kind: 'value', attribute: 'gen_ai.tool.definitions', key: 'tool_definitions', text: false },
  ],
  output: [
    { kind: 'messages', attribute: 'gen_ai.output.messages', key: 'output_messages' },
    { kind: 'indexed-messages', prefix: 'gen_ai.completion.', key: 'completion', fields: flattenedGenAiMessage() },
    { kind: 'value', attribute: 'gen_ai.completion', key: 'completion', text: true },
    { kind: 'value', attribute: 'gen_ai.tool.call.result', key: 'tool_call_result', text: true },
  ],
  usage: {
    inputTokens: ['gen_ai.usage.input_tokens', 'gen_ai.usage.prompt_tokens'],
    outputTokens: ['gen_ai.usage.output_tokens', 'gen_ai.usage.completion_tokens'],
    totalTokens: ['gen_ai.usage.total_tokens'],
    cacheReadInputTokens: ['gen_ai.usage.cache_read.input_tokens', 'gen_ai.usage.cache_read_input_tokens'],
    cacheCreationInputTokens: ['gen_ai.usage.cache_creation.input_tokens', 'gen_ai.usage.cache_creation_input_tokens'],
  },
  requestModel: ['gen_ai.request.model'],
  responseModel: ['gen_ai.response.model'],
};

function flattenedGenAiMessage(): IndexedMessageFields {
  return {
    role: 'role',
    content: 'content',
    toolCalls: { prefix: 'tool_calls.', name: 'name', arguments: 'arguments' },
  };
}

/** Arize's OpenInference conventions (what Phoenix users run). */
export const OPENINFERENCE_CONVENTION: OtelConvention = {
  name: 'OpenInference',
  session: ['session.id'],
  spanType: [
    {
      attribute: 'openinference.span.kind',
      values: {
        LLM: 'GENERATION',
        TOOL: 'TOOL',
        RETRIEVER: 'RETRIEVER',
        EMBEDDING: 'EMBEDDING',
        CHAIN: 'CHAIN',
        AGENT: 'AGENT',
        GUARDRAIL: 'GUARDRAIL',
        EVALUATOR: 'EVALUATOR',
        RERANKER: 'SPAN',
      },
    },
  ],
  input: [
    {
      kind: 'indexed-messages',
      prefix: 'llm.input_messages.',
      key: 'input_messages',
      fields: openInferenceMessage(),
    },
    { kind: 'value', attribute: 'input.value', key: 'value', text: true, describedBy: 'input.mime_type' },
    { kind: 'indexed-values', prefix: 'llm.tools.', field: 'tool.json_schema', key: 'tools' },
  ],
  output: [
    {
      kind: 'indexed-messages',
      prefix: 'llm.output_messages.',
      key: 'output_messages',
      fields: openInferenceMessage(),
    },
    { kind: 'value', attribute: 'output.value', key: 'value', text: true, describedBy: 'output.mime_type' },
  ],
  usage: {
    inputTokens: ['llm.token_count.prompt'],
    outputTokens: ['llm.token_count.completion'],
    totalTokens: ['llm.token_count.total'],
    cacheReadInputTokens: ['llm.token_count.prompt_details.cache_read'],
    cacheCreationInputTokens: ['llm.token_count.prompt_details.cache_write'],
  },
  requestModel: [],
  responseModel: ['llm.model_name'],
};

function openInferenceMessage(): IndexedMessageFields {
  return {
    role: 'message.role',
    content: 'message.content',
    parts: { prefix: 'message.contents.', text: 'message_content.text' },
    toolCalls: {
      prefix: 'message.tool_calls.',
      name: 'tool_call.function.name',
      arguments: 'tool_call.function.arguments',
    },
  };
}

/** Traceloop's OpenLLMetry: the association properties its SDK sets on every span, its workflow spans, its total. */
export const OPENLLMETRY_CONVENTION: OtelConvention = {
  name: 'OpenLLMetry',
  session: ['traceloop.association.properties.session_id'],
  spanType: [
    {
      attribute: 'traceloop.span.kind',
      values: { workflow: 'CHAIN', task: 'CHAIN', agent: 'AGENT', tool: 'TOOL' },
    },
    { attribute: 'llm.request.type', values: { chat: 'GENERATION', completion: 'GENERATION', embedding: 'EMBEDDING' } },
  ],
  input: [{ kind: 'value', attribute: 'traceloop.entity.input', key: 'entity_input', text: true }],
  output: [{ kind: 'value', attribute: 'traceloop.entity.output', key: 'entity_output', text: true }],
  usage: { totalTokens: ['llm.usage.total_tokens'] },
  requestModel: [],
  responseModel: [],
};

/** Every convention read, in order. */
export const OTEL_CONVENTIONS: readonly OtelConvention[] = [
  GENAI_CONVENTION,
  OPENINFERENCE_CONVENTION,
  OPENLLMETRY_CONVENTION,
];
