import test from 'ava';
import { createTestDatabase, postgresAvailable } from '../support/databases.ts';
import { killRunning } from '../support/processes.ts';
import { startServerProcess, storedSpanIds, tracingTenant } from '../support/platform-processes.ts';
import { pause, startSpanLoad } from '../support/span-load.ts';

const postgres = await postgresAvailable();
test.afterEach.always(() => killRunning());

for (const name of ['sqlite', 'postgres'] as const) {
  (name === 'postgres' && !postgres ? test.skip : test.serial)(
    `[${name}] SIGTERM under keep-alive load: every request answered (201, or 503 with Connection: close) or refused, exit 0, "stopped" logged, nothing acknowledged lost`,
    async (t) => {
      t.timeout(120_000);
      const database = await createTestDatabase(name);
      const server = await startServerProcess({ DATABASE_URL: database.url, SHUTDOWN_GRACE_MS: '10000' });
      try {
        const tenant = await tracingTenant(server.admin, `Drain ${name}`);
        const load = startSpanLoad({
          ...tenant,
          url: server.url,
          clients: 6,
          spansPerBatch: 100,
          label: name,
          thinkMs: 40,
        });
        await pause(2000);
        server.process.child.kill('SIGTERM');
        const exitCode = await server.process.exited();
        await pause(300);
        const outcome = await load.stop();
        t.log(`${JSON.stringify(outcome.statuses)}, refused ${outcome.refused}, batches ${outcome.batches}`);
        t.is(exitCode, 0);
        t.regex(server.process.output(), /"msg":"stopped"/);
        t.notRegex(server.process.output(), /SQLITE_MISUSE|connection manager was closed|"level":50/);
        t.deepEqual(outcome.unexpected, [], 'only 201 or 503');
        t.deepEqual(outcome.broken, [], 'no request cut off: no reset, no hang-up');
        t.true(outcome.refused > 0, 'new connections were refused once the server stopped listening');
        t.true(outcome.acknowledged.length > 0);
        const stored = await storedSpanIds(database.url, outcome.acknowledged);
        t.is(stored.size, outcome.acknowledged.length, 'every acknowledged span is stored');
      } finally {
        await database.drop();
      }
    },
  );
}
