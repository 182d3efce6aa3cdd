import { readAnswerJson } from './answer-json.ts';
import type { AuthSecret } from './auth.ts';
import { MASKED } from './custom-headers.ts';
import type { EndpointConnection } from './endpoint-connection.ts';
import type { OutputMapping } from './request-shape.ts';

/** One earlier message of a conversation, as a template's `history` shows it. */
export interface HistoryEntry {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

/** What a request template may read for one turn. */
export interface TurnVariables {
  /** The turn's user message, in the form test cases use. */
  readonly input: { readonly user_message: string } & Readonly<Record<string, unknown>>;
  readonly testCase: Readonly<Record<string, unknown>> | null;
  readonly session: { readonly id: string; readonly customId: string | null } | null;
  /** The product's own conversation id, from an earlier turn's answer. */
  readonly productSessionId: string | null;
  /** From 1. */
  readonly turn: number;
  readonly history: readonly HistoryEntry[];
}

/** The product's answer read through the output mapping; `error` says why the call counts as failed. */
export interface MappedAnswer {
  readonly output: string | null;
  readonly retrievalContext: string[] | null;
  readonly sessionId: string | null;
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  readonly error: string | null;
}

const utf8Base64 = (text: string): string => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** The header that carries a connection's secret, by auth type. */
export function authHeaders(
  connection: Pick<EndpointConnection, 'apiKeyHeader'>,
  secret: AuthSecret | null,
): Record<string, string> {
  if (!secret) return {};
  switch (secret.kind) {
    case 'BEARER':
      return { authorization: `Bearer ${secret.token}` };
    case 'API_KEY':
      return { [connection.apiKeyHeader ?? 'X-API-Key']: secret.apiKey };
    case 'BASIC':
      return { authorization: `Basic ${utf8Base64(`${secret.username}:${secret.password}`)}` };
  }
}

/** The request headers as they may be shown: the secret's header and every custom header masked. */
export function maskedHeaders(
  headers: Readonly<Record<string, string>>,
  connection: Pick<EndpointConnection, 'apiKeyHeader' | 'authType' | 'headers'>,
): Record<string, string> {
  const secret = new Set(Object.keys(connection.headers).map((name) => name.toLowerCase()));
  if (connection.authType !== 'NONE')
    secret.add((connection.authType === 'API_KEY' ? (connection.apiKeyHeader ?? '') : 'authorization').toLowerCase());
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, secret.has(name.toLowerCase()) ? MASKED : value]),
  );
}

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/** The most characters the retrieval context read from one answer may hold. */
export const RETRIEVAL_CONTEXT_LIMIT = 1_000_000;

/** The selected items as texts (an array's items each), or why they are too long: nested selections repeat text. */
function contextTexts(selected: readonly unknown[]): string[] | string {
  const texts: string[] = [];
  let size = 0;
  for (const item of selected.flatMap((entry) => (Array.isArray(entry) ? entry : [entry]))) {
    const shown = text(item);
    size += shown.length;
    if (size > RETRIEVAL_CONTEXT_LIMIT)
      return `outputMapping.retrievalContext selects more than ${RETRIEVAL_CONTEXT_LIMIT} characters`;
    texts.push(shown);
  }
  return texts;
}

const failed = (error: string): MappedAnswer => ({
  output: null,
  retrievalContext: null,
  sessionId: null,
  inputTokens: null,
  outputTokens: null,
  error,
});

/**
 * Reads an answer: a transport failure, a non-2xx status, a body that is not JSON (or nests or holds too much), an
 * `output` path that matches nothing, or a path that breaks its evaluation budget makes the call failed. `select` runs
 * a JSONPath on the parsed body and throws when the path goes over its budget.
 */
export function mapAnswer(
  answer: { readonly status: number | null; readonly body: string; readonly error: string | null },
  mapping: OutputMapping,
  select: (document: unknown, path: string) => unknown[],
): MappedAnswer {
  if (answer.error !== null || answer.status === null) return failed(answer.error ?? 'no answer');
  if (answer.status < 200 || answer.status > 299) return failed(`the endpoint answered HTTP ${answer.status}`);
  const read = readAnswerJson(answer.body);
  if ('problem' in read) return failed(read.problem);
  try {
    return mapDocument(read.document, mapping, select);
  } catch (error) {
    return failed(`the output mapping could not be read: ${(error as Error).message}`);
  }
}

function mapDocument(
  document: unknown,
  mapping: OutputMapping,
  select: (document: unknown, path: string) => unknown[],
): MappedAnswer {
  const first = (path: string | undefined): unknown => (path === undefined ? undefined : select(document, path)[0]);
  const output = select(document, mapping.output);
  if (output.length === 0 || output[0] === null)
    return failed(`outputMapping.output (${mapping.output}) matched nothing`);
  const context =
    mapping.retrievalContext === undefined ? null : contextTexts(select(document, mapping.retrievalContext));
  if (typeof context === 'string') return failed(context);
  const sessionId = first(mapping.sessionId);
  return {
    output: text(output[0]),
    retrievalContext: context,
    sessionId: sessionId === undefined || sessionId === null ? null : text(sessionId),
    inputTokens: count(first(mapping.inputTokens)),
    outputTokens: count(first(mapping.outputTokens)),
    error: null,
  };
}

/** A GET carries the rendered body's top-level fields as query parameters (non-strings as JSON). */
export function urlWithQuery(url: string, renderedBody: string): string {
  let fields: unknown;
  try {
    fields = JSON.parse(renderedBody);
  } catch {
    return url;
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return url;
  const target = new URL(url);
  for (const [name, value] of Object.entries(fields)) target.searchParams.set(name, text(value));
  return target.toString();
}

/** A turn's input as test cases hold it: `{user_message}`; a plain string is taken as the message. */
export function turnInput(input: unknown): TurnVariables['input'] | null {
  if (typeof input === 'string') return { user_message: input };
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    const message = (input as { user_message?: unknown }).user_message;
    if (typeof message === 'string') return { ...(input as Record<string, unknown>), user_message: message };
  }
  return null;
}
