import { chatCompletion, readBody, startLocalHttp } from './local-http.ts';

/** What the scripted simulator answers to one request: a message content, or an HTTP error. */
export type SimulatorScript = (body: any, index: number) => { content: string } | { status: number; body: string };

/** A real HTTP server on 127.0.0.1:0 playing an OpenAI-compatible chat-completions model with scripted replies. */
export interface SimulatorServer {
  readonly url: string;
  readonly requests: { body: any; authorization: string | undefined }[];
  close(): Promise<void>;
}

/** Says `{"message": "turn N", "stop": false}` and, from request `stopAfter` (1-based) on, stop with a reason. */
export const stopsAfter =
  (stopAfter: number): SimulatorScript =>
  (_body, index) => ({
    content: JSON.stringify(
      index + 1 >= stopAfter
        ? { message: '', stop: true, reason: 'goal reached' }
        : { message: `user turn ${index + 1}`, stop: false },
    ),
  });

/** Answers plain text, never JSON. */
export const plainText: SimulatorScript = (_body, index) => ({ content: `plain message ${index + 1}` });

export async function startSimulatorServer(script: SimulatorScript): Promise<SimulatorServer> {
  const requests: SimulatorServer['requests'] = [];
  const server = await startLocalHttp(async (request, response) => {
    const body = JSON.parse(await readBody(request));
    requests.push({ body, authorization: request.headers.authorization });
    const reply = script(body, requests.length - 1);
    if ('status' in reply) {
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      return response.end(reply.body);
    }
    chatCompletion(response, { id: 'chatcmpl-sim', model: body.model, content: reply.content });
  });
  return { url: `${server.url}/v1`, requests, close: server.close };
}
