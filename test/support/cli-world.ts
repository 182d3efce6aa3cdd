import type { TestFn } from 'ava';
import { type HttpWorld, useWorld } from './http-world.ts';
import { TEST_SECRET_KEY } from './memory-world.ts';
import { type ProductServer, startProductServer } from './product-server.ts';

/**
 * An `assay` CLI test file's set-up: a SQLite world allowed to call loopback endpoints, and a product server (with
 * `routes` beside the standard ones) on loopback; both started before the file's tests and closed after.
 */
export function cliWorld(test: TestFn, routes?: Parameters<typeof startProductServer>[0]) {
  const world: () => HttpWorld = useWorld(test, 'sqlite', {
    ASSAY_SECRET_KEY: TEST_SECRET_KEY,
    ENDPOINT_ALLOW_PRIVATE_NETWORKS: true,
  });
  let server: ProductServer | undefined;
  test.before(async () => {
    server = await startProductServer(routes);
  });
  test.after.always(async () => {
    await server?.close();
  });
  const product = (): ProductServer => {
    if (!server) throw new Error('product server not started');
    return server;
  };
  return { world, product };
}
