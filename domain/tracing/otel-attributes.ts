import { setOwn } from '../shared/json.ts';
import { utf8Length } from './fields.ts';
import { OTEL_CONVENTIONS, type OtelSource } from './otel-conventions.ts';
import { answerText, type ChatMessage, indexedMessages, jsonMessages, questionText } from './otel-messages.ts';
import type { OtelSpan } from './otel-span.ts';
import { SPAN_TYPES, type SpanType } from './span.ts';
import { MODEL_NAME_LIMIT } from './span-usage.ts';
import { TOKEN_USAGE_FIELDS, type TokenUsage, tokenUsage } from './token-usage.ts';

// Span attributes read as fields: Assay's own routing attributes, then the conventions' tables (otel-conventions.ts).

/** Assay's own attributes: where a span belongs, and its type when the sender says it. */
export const OTEL_ATTRIBUTES = {
  inferenceResultId: 'assay.inference_result.id',
  sessionId: 'assay.session.id',
  versionId: 'assay.version.id',
  spanType: 'assay.span.type',
} as const;

/** The attributes naming a conversation (a session's `customId`), every convention's, in order. */
export const CONVERSATION_ATTRIBUTES: readonly string[] = [
  ...new Set(OTEL_CONVENTIONS.flatMap((convention) => convention.session)),
];

const sourceAttributes = (source: OtelSource): string[] =>
  source.kind === 'messages'
    ? [source.attribute]
    : source.kind === 'value'
      ? [source.attribute, ...(source.describedBy ? [source.describedBy] : [])]
      : [];

/** Attributes a convention maps to a field, so they are not repeated in metadata. */
const CONSUMED = new Set<string>([
  ...Object.values(OTEL_ATTRIBUTES),
  ...OTEL_CONVENTIONS.flatMap((convention) => [
    ...convention.session,
    ...[...convention.input, ...convention.output].flatMap(sourceAttributes),
    ...TOKEN_USAGE_FIELDS.flatMap((field) => convention.usage[field] ?? []),
    ...convention.requestModel,
    ...convention.responseModel,
  ]),
]);

// The tables flattened once, since every span of an export is read through them.
const INPUT_SOURCES = OTEL_CONVENTIONS.flatMap((convention) => convention.input);
const OUTPUT_SOURCES = OTEL_CONVENTIONS.flatMap((convention) => convention.output);
const TYPE_RULES = OTEL_CONVENTIONS.flatMap((convention) => convention.spanType);
const MODEL_ATTRIBUTES = [
  ...OTEL_CONVENTIONS.flatMap((convention) => convention.responseModel),
  ...OTEL_CONVENTIONS.flatMap((convention) => convention.requestModel),
];
const USAGE_ATTRIBUTES = TOKEN_USAGE_FIELDS.map(
  (field) => [field, OTEL_CONVENTIONS.flatMap((convention) => convention.usage[field] ?? [])] as const,
);

type IndexedSource = Extract<OtelSource, { kind: 'indexed-messages' | 'indexed-values' }>;
const INDEXED_SOURCES: readonly IndexedSource[] = OTEL_CONVENTIONS.flatMap((convention) =>
  [...convention.input, ...convention.output].filter(
    (source): source is IndexedSource => source.kind === 'indexed-messages' || source.kind === 'indexed-values',
  ),
);

export const text = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);
export const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? value
    : typeof value === 'string' && /^\d{1,15}$/.test(value)
      ? Number(value)
      : null;
export const idAttribute = (span: OtelSpan, key: string): string | null =>
  text(span.attributes[key] ?? span.resourceAttributes[key]);

/** JSON text (as conventions send messages and values) becomes structure again; anything else is kept as is. */
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

/** What the conventions read from one span's attributes. */
export interface ConventionReading {
  readonly type: SpanType;
  readonly inputData: Record<string, unknown> | null;
  readonly outputData: Record<string, unknown> | null;
  /** The question (last user message), else the first input read as text. */
  readonly inputText: string | null;
  /** The answer (last assistant message, or its tool calls), else the first output read as text. */
  readonly outputText: string | null;
  readonly usage: TokenUsage | null;
  /** The response model, else the request model. */
  readonly model: string | null;
  /** Span attributes no convention mapped, for the span's metadata. */
  readonly rest: Record<string, unknown>;
}

/** Reads one span's attributes through every convention's table. */
export function readConventions(attributes: Readonly<Record<string, unknown>>): ConventionReading {
  const { type, typeAttribute } = readType(attributes);
  const flattened = new Map<IndexedSource, [string, unknown][]>();
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(attributes)) {
    if (key === typeAttribute || CONSUMED.has(key)) continue;
    const source = INDEXED_SOURCES.find((candidate) => isIndexedKey(key, candidate.prefix));
    if (source) {
      const entries = flattened.get(source) ?? [];
      entries.push([key.slice(source.prefix.length), attributes[key]]);
      flattened.set(source, entries);
    } else setOwn(rest, key, attributes[key]);
  }
  const input = readSources(attributes, flattened, 'input');
  const output = readSources(attributes, flattened, 'output');
  return {
    type,
    inputData: input.data,
    outputData: output.data,
    inputText: (input.messages && questionText(input.messages)) ?? input.text,
    outputText: (output.messages && answerText(output.messages)) ?? output.text,
    usage: readUsage(attributes),
    model: firstName(attributes, MODEL_ATTRIBUTES),
    rest,
  };
}

/** `<prefix><digit>…`: a flattened list item, not an attribute that merely shares the prefix. */
const isIndexedKey = (key: string, prefix: string): boolean => {
  if (!key.startsWith(prefix)) return false;
  const code = key.charCodeAt(prefix.length);
  return code >= 48 && code <= 57;
};

/** The first of these attributes holding a usable name (not blank, within the model name limit). */
const firstName = (attributes: Readonly<Record<string, unknown>>, keys: readonly string[]): string | null => {
  for (const key of keys) {
    const value = text(attributes[key]);
    if (value !== null && value.trim() !== '' && utf8Length(value) <= MODEL_NAME_LIMIT) return value;
  }
  return null;
};

/**
 * `assay.span.type` when it names a type; else the first convention attribute whose value names one; else the first
 * attribute whose presence does. The attribute a value was read from is mapped (the type says it).
 */
function readType(attributes: Readonly<Record<string, unknown>>): {
  type: SpanType;
  typeAttribute: string | null;
} {
  const explicit = text(attributes[OTEL_ATTRIBUTES.spanType]);
  if (explicit && SPAN_TYPES.includes(explicit as SpanType)) return { type: explicit as SpanType, typeAttribute: null };
  for (const rule of TYPE_RULES) {
    if (!('values' in rule)) continue;
    const value = text(attributes[rule.attribute]);
    if (value !== null && Object.hasOwn(rule.values, value))
      return { type: rule.values[value], typeAttribute: rule.attribute };
  }
  for (const rule of TYPE_RULES)
    if ('type' in rule && attributes[rule.attribute] !== undefined) return { type: rule.type, typeAttribute: null };
  return { type: 'SPAN', typeAttribute: null };
}

function readUsage(attributes: Readonly<Record<string, unknown>>): TokenUsage | null {
  const counts: Partial<Record<keyof TokenUsage, number>> = {};
  for (const [field, keys] of USAGE_ATTRIBUTES) {
    for (const key of keys) {
      const value = count(attributes[key]);
      if (value === null) continue;
      counts[field] = value;
      break;
    }
  }
  return tokenUsage(counts);
}

/** The data of every input (or output) source a span carries, with the first message list and the first text. */
function readSources(
  attributes: Readonly<Record<string, unknown>>,
  flattened: ReadonlyMap<IndexedSource, [string, unknown][]>,
  side: 'input' | 'output',
): { data: Record<string, unknown> | null; messages: ChatMessage[] | null; text: string | null } {
  let data: Record<string, unknown> | null = null;
  let messages: ChatMessage[] | null = null;
  let firstText: string | null = null;
  const keep = (key: string, value: unknown) => {
    data ??= {};
    if (!Object.hasOwn(data, key)) setOwn(data, key, value);
  };
  for (const source of side === 'input' ? INPUT_SOURCES : OUTPUT_SOURCES) {
    if (source.kind === 'indexed-messages' || source.kind === 'indexed-values') {
      const entries = flattened.get(source);
      if (!entries) continue;
      if (source.kind === 'indexed-values') {
        keep(source.key, indexedValues(entries, source.field));
        continue;
      }
      const read = indexedMessages(entries, source.fields);
      if (!read) continue;
      keep(source.key, read.data);
      messages ??= read.messages;
      continue;
    }
    const raw = attributes[source.attribute];
    if (raw === undefined) continue;
    const value = structured(raw);
    keep(source.key, value);
    const list = source.kind === 'messages' ? jsonMessages(value) : null;
    if (list) messages ??= list;
    else if (source.kind === 'messages' || source.text) firstText ??= text(raw);
  }
  return { data, messages, text: firstText };
}

/** The values of one field of a flattened list (`llm.tools.0.tool.json_schema`...), in index order. */
function indexedValues(entries: readonly (readonly [string, unknown])[], field: string): unknown[] {
  return entries
    .flatMap(([rest, value]) => {
      const dot = rest.indexOf('.');
      return rest.slice(dot + 1) === field ? [[Number(rest.slice(0, dot)), structured(value)] as const] : [];
    })
    .sort(([a], [b]) => a - b)
    .map(([, value]) => value);
}
