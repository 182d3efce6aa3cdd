import { createServer, connect, type Server, type Socket } from 'node:net';

/** A loopback TCP proxy a test can sever (a database outage as its clients see it) and restore. */
export interface TcpProxy {
  readonly port: number;
  /** Resets every open connection and refuses new ones. */
  sever(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  /** Keeps every connection open but forwards nothing either way (a stall, not a reset); new ones are held too. */
  stall(): void;
  /** Forwards again what a stall held, old connections and new. */
  unstall(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  const pairs = new Set<[Socket, Socket]>();
  let stalled = false;
  const forward = ([client, upstream]: [Socket, Socket]) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const accept = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    for (const socket of pair) {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        open.delete(socket);
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      });
    }
    if (!stalled) forward(pair);
  };
  let server: Server = createServer(accept);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const closeListener = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    port,
    async sever() {
      const closed = closeListener();
      for (const socket of open) socket.resetAndDestroy();
      await closed;
    },
    async restore() {
      server = createServer(accept);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
    },
    stall() {
      stalled = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    unstall() {
      stalled = false;
      for (const pair of pairs) forward(pair);
    },
    async close() {
      for (const socket of open) socket.destroy();
      if (server.listening) await closeListener();
    },
  };
}

/** The same database URL, reached through the proxy. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return proxied.toString();
}
