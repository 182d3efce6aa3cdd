import { Agent, request } from 'node:http';
import { startLocalHttp } from './local-http.ts';

/** A loopback HTTP proxy that sends each request to the next of several servers in turn. */
export interface RoundRobinProxy {
  readonly url: string;
  /** Requests sent to each server, in the order given. */
  readonly counts: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(targets: readonly string[]): Promise<RoundRobinProxy> {
  const counts = targets.map(() => 0);
  const agents = targets.map(() => new Agent({ keepAlive: true }));
  let next = 0;
  const server = await startLocalHttp((incoming, outgoing) => {
    const index = next++ % targets.length;
    counts[index]++;
    const target = new URL(targets[index]);
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
        agent: agents[index],
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'application/json' });
      outgoing.end('{"error":"bad_gateway","message":"the server behind the proxy did not answer"}');
    });
    incoming.pipe(forwarded);
  });
  return {
    url: server.url,
    counts,
    async close() {
      await server.close();
      for (const agent of agents) agent.destroy();
    },
  };
}
