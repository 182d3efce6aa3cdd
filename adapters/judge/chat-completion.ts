import { describeProviderError } from './provider-error.ts';

/** Where an OpenAI-compatible chat-completions API is, and who it is in messages ("judge model"). */
export interface ChatEndpoint {
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly timeoutMs: number;
  readonly who: string;
  /** The most bytes of an answer read; past them the answer is refused unread (no bound when not given). */
  readonly maxAnswerBytes?: number;
}

/** The body as text, refusing it once it passes `maxBytes`. */
async function boundedText(response: Response, maxBytes: number | undefined): Promise<string | null> {
  if (maxBytes === undefined || !response.body) return response.text();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) {
      await response.body.cancel().catch(() => {});
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const timedOut = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * One chat-completions call: the first choice's message content, or why there is none in words a tenant may read
 * (unreachable, too slow, the provider's refusal with the key redacted, a body that is not JSON).
 */
export async function chatCompletion(
  endpoint: ChatEndpoint,
  request: Record<string, unknown>,
): Promise<{ readonly content: unknown } | { readonly error: string }> {
  const late = `The ${endpoint.who} did not answer within ${endpoint.timeoutMs} ms`;
  let response: Response;
  try {
    response = await fetch(`${endpoint.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
  } catch (error) {
    return { error: timedOut(error) ? late : `The ${endpoint.who} could not be reached: ${(error as Error).message}` };
  }
  let body: unknown;
  try {
    const text = await boundedText(response, endpoint.maxAnswerBytes);
    if (text === null) return { error: `The ${endpoint.who} answered with more than ${endpoint.maxAnswerBytes} bytes` };
    if (!response.ok) return { error: describeProviderError(response.status, text, endpoint.apiKey, endpoint.who) };
    body = JSON.parse(text);
  } catch (error) {
    return { error: timedOut(error) ? late : `The ${endpoint.who} answered with a body that is not JSON` };
  }
  return { content: (body as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content };
}
