import { isJsonObject, setOwn } from '../shared/json.ts';
import type { IndexedMessageFields } from './otel-conventions.ts';

/** A chat message as any convention sends it, reduced to what a turn reads: who spoke, the text, the tool calls. */
export interface ChatMessage {
  readonly role: string | null;
  readonly text: string | null;
  readonly toolCalls: readonly ToolCall[];
}

export interface ToolCall {
  readonly name: string;
  readonly arguments: string;
}

const asText = (value: unknown): string | null =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);

const joined = (texts: readonly (string | null)[]): string | null => {
  const present = texts.filter((text): text is string => text !== null);
  return present.length > 0 ? present.join('\n') : null;
};

/** A part or a content item: GenAI's `{type: 'text', content}`, OpenAI's `{type: 'text', text}`. */
function partText(part: unknown): string | null {
  if (typeof part === 'string') return part;
  if (!isJsonObject(part) || (part.type !== undefined && part.type !== 'text')) return null;
  return typeof part.content === 'string' ? part.content : typeof part.text === 'string' ? part.text : null;
}

/** A tool call as GenAI parts (`{type: 'tool_call', name, arguments}`) or OpenAI messages (`{function: {…}}`) send it. */
function toolCallOf(value: unknown): ToolCall | null {
  if (!isJsonObject(value)) return null;
  const call = isJsonObject(value.function) ? value.function : value;
  if (typeof call.name !== 'string' || (value.type !== undefined && value.type === 'text')) return null;
  return { name: call.name, arguments: asText(call.arguments) ?? '' };
}

/** One message of a JSON message list (GenAI `{role, parts}`, or `{role, content}` with a string or a list). */
function jsonMessage(value: unknown): ChatMessage | null {
  if (!isJsonObject(value)) return null;
  const role = typeof value.role === 'string' ? value.role : null;
  const items = Array.isArray(value.parts) ? value.parts : Array.isArray(value.content) ? value.content : null;
  const toolCalls = [
    ...(items ?? []).filter((part) => isJsonObject(part) && part.type === 'tool_call'),
    ...(Array.isArray(value.tool_calls) ? value.tool_calls : []),
  ].flatMap((call) => toolCallOf(call) ?? []);
  const text = items ? joined(items.map(partText)) : typeof value.content === 'string' ? value.content : null;
  return { role, text, toolCalls };
}

/** The messages of a JSON list (already parsed), or null when it is not one. */
export function jsonMessages(value: unknown): ChatMessage[] | null {
  if (!Array.isArray(value)) return null;
  const messages = value.flatMap((item) => jsonMessage(item) ?? []);
  return messages.length > 0 ? messages : null;
}

/** `<index>.<rest>` of a flattened key below its prefix, or null. */
function indexed(rest: string): [number, string] | null {
  const dot = rest.indexOf('.');
  if (dot <= 0) return null;
  const index = Number(rest.slice(0, dot));
  return Number.isInteger(index) && index >= 0 && index < 10_000 ? [index, rest.slice(dot + 1)] : null;
}

interface MessageDraft {
  role: string | null;
  content: string | null;
  parts: Map<number, string>;
  calls: Map<number, { name?: string; arguments?: string }>;
}

/**
 * Messages flattened into attributes (`llm.input_messages.0.message.role`, `gen_ai.prompt.0.content`...): `entries`
 * are the attributes below the prefix, keyed by the rest of their name. Messages come back in index order, with the
 * list as stored in the span's data (`{role, content, tool_calls?}`).
 */
export function indexedMessages(
  entries: readonly (readonly [string, unknown])[],
  fields: IndexedMessageFields,
): { messages: ChatMessage[]; data: Record<string, unknown>[] } | null {
  const drafts = new Map<number, MessageDraft>();
  for (const [rest, value] of entries) {
    const position = indexed(rest);
    if (position === null) continue;
    const [index, field] = position;
    const draft = drafts.get(index) ?? { role: null, content: null, parts: new Map(), calls: new Map() };
    drafts.set(index, draft);
    if (field === fields.role) draft.role = asText(value);
    else if (field === fields.content) draft.content = asText(value);
    else if (fields.parts && field.startsWith(fields.parts.prefix)) {
      const part = indexed(field.slice(fields.parts.prefix.length));
      if (part && part[1] === fields.parts.text && typeof value === 'string') draft.parts.set(part[0], value);
    } else if (field.startsWith(fields.toolCalls.prefix)) {
      const call = indexed(field.slice(fields.toolCalls.prefix.length));
      if (!call) continue;
      const draftCall = draft.calls.get(call[0]) ?? {};
      if (call[1] === fields.toolCalls.name) draftCall.name = asText(value) ?? undefined;
      if (call[1] === fields.toolCalls.arguments) draftCall.arguments = asText(value) ?? undefined;
      draft.calls.set(call[0], draftCall);
    }
  }
  if (drafts.size === 0) return null;
  const ordered = [...drafts.entries()].sort(([a], [b]) => a - b).map(([, draft]) => draft);
  const messages = ordered.map((draft): ChatMessage => {
    const parts = [...draft.parts.entries()].sort(([a], [b]) => a - b).map(([, text]) => text);
    const toolCalls = [...draft.calls.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([, call]) => (call.name ? [{ name: call.name, arguments: call.arguments ?? '' }] : []));
    return { role: draft.role, text: draft.content ?? joined(parts), toolCalls };
  });
  const data = messages.map((message) => {
    const item: Record<string, unknown> = {};
    setOwn(item, 'role', message.role);
    setOwn(item, 'content', message.text);
    if (message.toolCalls.length > 0) setOwn(item, 'tool_calls', message.toolCalls);
    return item;
  });
  return { messages, data };
}

/** The text of the last user message (text parts joined), or null. */
export function questionText(messages: readonly ChatMessage[]): string | null {
  for (let index = messages.length - 1; index >= 0; index--)
    if (messages[index].role === 'user' && messages[index].text !== null) return messages[index].text;
  return null;
}

/**
 * The text of the answer: the last assistant message's text parts joined; an answer that only calls tools reads as
 * the calls (`get_weather({"city":"Paris"})`, one a line).
 */
export function answerText(messages: readonly ChatMessage[]): string | null {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message.role !== null && message.role !== 'assistant' && message.role !== 'model') continue;
    if (message.text !== null && message.text !== '') return message.text;
    if (message.toolCalls.length > 0)
      return message.toolCalls.map((call) => `${call.name}(${call.arguments})`).join('\n');
  }
  return null;
}
