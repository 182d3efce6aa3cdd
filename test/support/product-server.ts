import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, readBody, startLocalHttp } from './local-http.ts';

/** One request the local product received. */
export interface ProductRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  readonly at: number;
}

type Route = (request: ProductRequest, response: ServerResponse, hits: number) => void | Promise<void>;

/** A real HTTP server on 127.0.0.1:0 playing a product's endpoint, one behaviour per path. */
export interface ProductServer {
  readonly url: string;
  readonly requests: ProductRequest[];
  hits(path: string): number;
  close(): Promise<void>;
}

const messageOf = (body: string): string => {
  try {
    return JSON.parse(body).message ?? '';
  } catch {
    return '';
  }
};

/** The behaviours the tests use; `routes` adds or replaces some. */
const standardRoutes: Record<string, Route> = {
  '/echo': (request, response) =>
    json(response, 200, {
      answer: { text: `echo: ${messageOf(request.body)}` },
      conversation: 'conv-1',
      usage: { in: 5, out: 3 },
    }),
  '/slow': async (_request, response) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    json(response, 200, { answer: { text: 'late' } });
  },
  '/flaky': (_request, response, hits) =>
    hits === 1 ? json(response, 500, { error: 'boom' }) : json(response, 200, { answer: { text: 'second try' } }),
  '/busy': (_request, response, hits) =>
    hits === 1
      ? json(response, 429, { error: 'slow down' }, { 'retry-after': '1' })
      : json(response, 200, { answer: { text: 'after waiting' } }),
  '/down': (_request, response) => json(response, 503, { error: 'down' }),
  '/garbage': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html>not json at all</html>');
  },
  '/auth': (request, response) => {
    const { authorization, 'x-key': key } = request.headers;
    const accepted =
      authorization === 'Bearer tok-s3cret' ||
      key === 'key-s3cret' ||
      authorization === `Basic ${Buffer.from('ana:pw-s3cret').toString('base64')}`;
    if (accepted) json(response, 200, { answer: { text: 'welcome' } });
    else json(response, 401, { error: 'who are you?' });
  },
  '/query': (request, response) => json(response, 200, { answer: { text: `${request.method} ${request.path}` } }),
};

export async function startProductServer(routes: Record<string, Route> = {}): Promise<ProductServer> {
  const requests: ProductRequest[] = [];
  const counts = new Map<string, number>();
  const table = { ...standardRoutes, ...routes };
  const server = await startLocalHttp(async (incoming, response) => {
    const body = await readBody(incoming);
    const url = new URL(incoming.url ?? '/', 'http://product');
    const request: ProductRequest = {
      method: incoming.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      headers: incoming.headers,
      body,
      at: Date.now(),
    };
    requests.push(request);
    const hits = (counts.get(url.pathname) ?? 0) + 1;
    counts.set(url.pathname, hits);
    const route = table[url.pathname];
    if (!route) return json(response, 404, { error: 'no such route' });
    await route(request, response, hits);
  });
  return { url: server.url, requests, hits: (path) => counts.get(path) ?? 0, close: server.close };
}
