import { setOwn } from '../shared/json.ts';
import type { OtelSpan } from './otel-span.ts';
import { SPAN_TYPES, type SpanType } from './span.ts';

// Span attributes read as fields: Assay's own routing attributes, and the GenAI semantic conventions.

/** Assay's own attributes: where a span belongs, and its type when the sender says it. */
export const OTEL_ATTRIBUTES = {
  inferenceResultId: 'assay.inference_result.id',
  sessionId: 'assay.session.id',
  versionId: 'assay.version.id',
  spanType: 'assay.span.type',
  conversationIds: ['session.id', 'gen_ai.conversation.id'],
} as const;

const OPERATION_TYPES: Record<string, SpanType> = {
  chat: 'GENERATION',
  text_completion: 'GENERATION',
  generate_content: 'GENERATION',
  embeddings: 'EMBEDDING',
  execute_tool: 'TOOL',
  invoke_agent: 'AGENT',
  create_agent: 'AGENT',
  retrieval: 'RETRIEVER',
};

const INPUT_KEYS = [
  'gen_ai.input.messages',
  'gen_ai.prompt',
  'gen_ai.system_instructions',
  'gen_ai.tool.call.arguments',
];
const OUTPUT_KEYS = ['gen_ai.output.messages', 'gen_ai.completion', 'gen_ai.tool.call.result'];
const USAGE_KEYS = [
  'gen_ai.usage.input_tokens',
  'gen_ai.usage.output_tokens',
  'gen_ai.usage.prompt_tokens',
  'gen_ai.usage.completion_tokens',
];
const ROUTING_KEYS: readonly string[] = [
  OTEL_ATTRIBUTES.inferenceResultId,
  OTEL_ATTRIBUTES.sessionId,
  OTEL_ATTRIBUTES.versionId,
  OTEL_ATTRIBUTES.spanType,
];
const CONSUMED = new Set<string>([...INPUT_KEYS, ...OUTPUT_KEYS, ...USAGE_KEYS, ...ROUTING_KEYS]);

export const text = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);
export const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && /^\d+$/.test(value)
      ? Number(value)
      : null;
export const idAttribute = (span: OtelSpan, key: string): string | null =>
  text(span.attributes[key] ?? span.resourceAttributes[key]);

/** JSON text (as GenAI conventions send messages) becomes structure again; anything else is kept as is. */
function structured(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return value;
  try {
    return JSON.parse(trimmed);
  } catch {
    return value;
  }
}

/** The GenAI attribute keys of input or output, each with the field it becomes (`gen_ai.input.messages` → `input_messages`). */
const fieldNames = (keys: readonly string[]): readonly (readonly [string, string])[] =>
  keys.map((key) => [key, key.replace(/^gen_ai\./, '').replace(/\./g, '_')] as const);
export const INPUT_FIELDS = fieldNames(INPUT_KEYS);
export const OUTPUT_FIELDS = fieldNames(OUTPUT_KEYS);

export function pick(
  attributes: Readonly<Record<string, unknown>>,
  fields: readonly (readonly [string, string])[],
): Record<string, unknown> | null {
  let picked: Record<string, unknown> | null = null;
  for (const [key, field] of fields) {
    const value = attributes[key];
    if (value === undefined) continue;
    picked ??= {};
    picked[field] = structured(value);
  }
  return picked;
}

export function spanType(span: OtelSpan): SpanType {
  const explicit = text(span.attributes[OTEL_ATTRIBUTES.spanType]);
  if (explicit && SPAN_TYPES.includes(explicit as SpanType)) return explicit as SpanType;
  const operation = text(span.attributes['gen_ai.operation.name']);
  if (operation && OPERATION_TYPES[operation]) return OPERATION_TYPES[operation];
  if (span.attributes['gen_ai.tool.name'] !== undefined) return 'TOOL';
  if (span.attributes['gen_ai.request.model'] !== undefined) return 'GENERATION';
  return 'SPAN';
}

/** The attributes no mapping consumed, for the span's metadata. */
export function unconsumed(attributes: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(attributes)) if (!CONSUMED.has(key)) setOwn(rest, key, attributes[key]);
  return rest;
}
