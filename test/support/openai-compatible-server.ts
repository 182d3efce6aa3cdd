import type { ServerResponse } from 'node:http';
import { json, readBody, startLocalHttp } from './local-http.ts';

/**
 * A loopback OpenAI-compatible chat-completions model for instrumentation tests. What it answers is chosen by the
 * last user message: "weather" asks for a tool call, "cached" reports cached prompt tokens, anything else is a plain
 * answer; `stream: true` streams the answer (with usage in the last chunk when asked for).
 */
export interface OpenAiCompatibleServer {
  readonly url: string;
  readonly requests: any[];
  close(): Promise<void>;
}

export const ANSWERS = {
  plain: 'Paris is the capital of France.',
  streamed: 'Rome is the capital of Italy.',
} as const;
export const RESPONSE_MODEL = 'local-model-2026-01-01';

const usage = (cached: boolean) => ({
  prompt_tokens: 21,
  completion_tokens: 7,
  total_tokens: 28,
  ...(cached ? { prompt_tokens_details: { cached_tokens: 16 } } : {}),
});

const lastUserText = (body: any): string =>
  String([...body.messages].reverse().find((message: { role: string }) => message.role === 'user')?.content ?? '');

export async function startOpenAiCompatibleServer(): Promise<OpenAiCompatibleServer> {
  const requests: any[] = [];
  const server = await startLocalHttp(async (request, response) => {
    const body = JSON.parse(await readBody(request));
    requests.push(body);
    const question = lastUserText(body);
    if (body.stream) return stream(response, ANSWERS.streamed, Boolean(body.stream_options?.include_usage));
    const weather = /weather/i.test(question) && Array.isArray(body.tools);
    const message = weather
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
            },
          ],
        }
      : { role: 'assistant', content: ANSWERS.plain };
    json(response, 200, {
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      created: 1767225600,
      model: RESPONSE_MODEL,
      choices: [{ index: 0, message, finish_reason: weather ? 'tool_calls' : 'stop' }],
      usage: usage(/cached/i.test(question)),
    });
  });
  return { url: `${server.url}/v1`, requests, close: server.close };
}

/** Server-sent chunks of a chat completion, a few words each, then usage (when asked) and `[DONE]`. */
function stream(response: ServerResponse, content: string, withUsage: boolean): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: object, finish: string | null, extra: object = {}) => ({
    id: 'chatcmpl-stream',
    object: 'chat.completion.chunk',
    created: 1767225600,
    model: RESPONSE_MODEL,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  });
  const send = (data: object) => response.write(`data: ${JSON.stringify(data)}\n\n`);
  send(chunk({ role: 'assistant', content: '' }, null));
  for (const word of content.split(/(?<= )/)) send(chunk({ content: word }, null));
  send(chunk({}, 'stop'));
  if (withUsage) send({ ...chunk({}, null), choices: [], usage: usage(false) });
  response.end('data: [DONE]\n\n');
}
