import { chatCompletion, readBody, startLocalHttp } from './local-http.ts';

/** What the fake model does with one chat-completions request. */
export type ModelBehaviour = 'ok' | 'garbage' | '5xx' | '401' | 'slow' | 'hang' | 'prose' | 'nul';

/** A real HTTP server on 127.0.0.1:0 playing an OpenAI-compatible chat-completions model. */
export interface FakeModel {
  readonly url: string;
  readonly requests: { body: any; authorization: string | undefined }[];
  close(): Promise<void>;
}

/** `decide` picks the behaviour per request (by default from a `MODE:<behaviour>` marker in the prompt). */
export async function startFakeModel(decide?: (body: any, index: number) => ModelBehaviour): Promise<FakeModel> {
  const requests: FakeModel['requests'] = [];
  const hanging = new Set<() => void>();
  const server = await startLocalHttp(async (request, response) => {
    const body = JSON.parse(await readBody(request));
    requests.push({ body, authorization: request.headers.authorization });
    const prompt = body.messages.map((message: { content: string }) => message.content).join('\n');
    const behaviour =
      decide?.(body, requests.length - 1) ?? ((/MODE:(\w+)/.exec(prompt)?.[1] ?? 'ok') as ModelBehaviour);
    const answer = (content: string) => chatCompletion(response, { id: 'chatcmpl-1', model: body.model, content });
    switch (behaviour) {
      case 'ok':
        return answer('{"score": 0.8, "reason": "Mostly correct"}');
      case 'nul':
        return answer(JSON.stringify({ score: 0.6, reason: 'O\'Brien said "fine"\u0000; DROP TABLE evaluations; --' }));
      case 'prose':
        return answer('Here is my verdict:\n```json\n{"score": "0.4", "reason": "Partly"}\n```');
      case 'garbage':
        return answer('I think it is fine, maybe seven out of ten.');
      case '5xx':
        response.writeHead(503, { 'content-type': 'application/json' });
        return response.end('{"error":"overloaded"}');
      case '401': {
        const presented = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
        response.writeHead(401, { 'content-type': 'application/json' });
        return response.end(
          JSON.stringify({
            error: {
              message: `Incorrect API key provided: ${presented}. Also tried sk-proj-****abcd.`,
              type: 'invalid_request_error',
            },
          }),
        );
      }
      case 'slow':
        return setTimeout(() => answer('{"score": 1, "reason": "late"}'), 3_000).unref();
      case 'hang':
        return hanging.add(() => response.destroy());
    }
  });
  return {
    url: `${server.url}/v1`,
    requests,
    async close() {
      for (const release of hanging) release();
      await server.close();
    },
  };
}
