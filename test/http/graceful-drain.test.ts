import test from 'ava';
import { Agent, request } from 'node:http';
import { createDrainingServer } from '../../bootstrap/draining-server.ts';
import type { RequestLogFields } from '../../adapters/http/middleware/request-context.ts';

interface Answer {
  readonly status: number;
  readonly connection: string | undefined;
  readonly body: string;
  readonly requestId: string | undefined;
}

function get(port: number, agent: Agent, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          connection: response.headers.connection,
          body,
          requestId: response.headers['x-request-id'] as string | undefined,
        }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** A server whose `/slow` requests wait until released. */
async function slowServer() {
  const waiting: (() => void)[] = [];
  const started: (() => void)[] = [];
  const logged: RequestLogFields[] = [];
  const drainable = createDrainingServer(
    (incoming, response) => {
      const answer = () => response.end('done');
      if (incoming.url === '/slow') {
        waiting.push(answer);
        for (const notify of started.splice(0)) notify();
      } else answer();
    },
    (fields) => logged.push(fields),
  );
  const { port } = await drainable.listen(0, '127.0.0.1');
  return {
    port,
    drainable,
    logged,
    nextSlowStarted: () => new Promise<void>((resolve) => started.push(resolve)),
    release: () => {
      for (const answer of waiting.splice(0)) answer();
    },
  };
}

test('draining: a request on a kept-alive connection gets 503 with Connection: close; the one in flight finishes; new connections are refused', async (t) => {
  const { port, drainable, nextSlowStarted, release, logged } = await slowServer();
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  try {
    // Two kept-alive connections: one will carry the slow request, the other sits idle until the drain began.
    await Promise.all([get(port, agent, '/fast'), get(port, agent, '/fast')]);
    const started = nextSlowStarted();
    const slow = get(port, agent, '/slow');
    await started;
    const drained = drainable.drain(10_000);
    const late = await get(port, agent, '/fast');
    t.is(late.status, 503);
    t.is(late.connection, 'close');
    t.like(JSON.parse(late.body), { error: 'unavailable' });
    t.is(logged.length, 1, 'the refusal is logged like any other answer');
    t.like(logged[0], { method: 'GET', path: '/fast', status: 503, requestId: late.requestId });
    t.true(logged[0].durationMs >= 0);
    await t.throwsAsync(get(port, new Agent(), '/fast'), { code: 'ECONNREFUSED' });
    release();
    const finished = await slow;
    t.is(finished.status, 200);
    t.is(finished.body, 'done');
    t.is(finished.connection, 'close', 'the connection is not kept for another request');
    t.deepEqual(await drained, { unfinished: 0 });
  } finally {
    agent.destroy();
  }
});

test('draining is bounded: a handler still running after the grace is cut off and counted', async (t) => {
  const { port, drainable, nextSlowStarted, release } = await slowServer();
  const agent = new Agent({ keepAlive: true });
  try {
    const started = nextSlowStarted();
    const slow = get(port, agent, '/slow');
    await started;
    const begun = Date.now();
    t.deepEqual(await drainable.drain(300), { unfinished: 1 });
    t.true(Date.now() - begun < 3000);
    await t.throwsAsync(slow, { code: 'ECONNRESET' });
  } finally {
    release();
    agent.destroy();
  }
});
