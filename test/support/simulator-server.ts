import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the scripted simulator answers to one request: a message content, or an HTTP error. */
export type SimulatorScript = (body: any, index: number) => { content: string } | { status: number; body: string };

/** A real HTTP server on 127.0.0.1:0 playing an OpenAI-compatible chat-completions model with scripted replies. */
export interface SimulatorServer {
  readonly url: string;
  readonly requests: { body: any; authorization: string | undefined }[];
  close(): Promise<void>;
}

async function read(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
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
  const server: Server = createServer(async (request, response) => {
    const body = JSON.parse(await read(request));
    requests.push({ body, authorization: request.headers.authorization });
    const reply = script(body, requests.length - 1);
    if ('status' in reply) {
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      return response.end(reply.body);
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'chatcmpl-sim',
        object: 'chat.completion',
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
