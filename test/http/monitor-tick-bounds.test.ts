import test from 'ava';
import { createInferenceResult } from '../../domain/tracing/inference-result.ts';
import type { Session } from '../../domain/tracing/session.ts';
import { type HttpWorld, useWorld } from '../support/http-world.ts';
import { monitorScene, monitorWorlds } from '../support/monitor-scene.ts';
import { session as storedSession } from '../contracts/sweep-records.ts';

/**
 * One discovery tick's bounds on each database: a monitor queues at most MONITOR_TICK_SESSIONS sessions and the rest
 * on later ticks, each once, sessions sharing a time never split; an organization's many monitors do not keep
 * another's from being served. Nothing is scored here (no embedded worker): the queued evaluations are counted.
 */
const config = { QUEUE_EMBEDDED_WORKER: false, MONITOR_TICK_SESSIONS: 5, MONITOR_TICK_MONITORS: 2 } as const;
const { worlds } = await monitorWorlds(test, { config });
const memory = { world: useWorld(test, 'memory', config), title: (text: string) => `[memory] ${text}` };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

type Scene = Awaited<ReturnType<typeof monitorScene>>;

/**
 * Production sessions written straight to storage, created at chosen times, or when `finished` COMPLETED at those
 * times and created `age` ms before (else PENDING).
 */
async function sessionsAt(world: HttpWorld, scene: Scene, times: readonly string[], finished: boolean, age = 0) {
  const ports = world.platform.ports;
  const sessions: Session[] = times.map((at) => ({
    ...storedSession(scene.tenant.organizationId, ports.ids.next('session')),
    versionId: scene.version.id,
    status: finished ? 'COMPLETED' : 'PENDING',
    stoppingReason: finished ? 'done' : null,
    finishedAt: finished ? at : null,
    createdAt: later(at, -age),
  }));

  await ports.sessions.insertMany(sessions);
  return sessions.map((session) => session.id);
}

/** The sessions the monitor has queued an evaluation of, one entry per evaluation. */
async function queued(scene: Scene, monitorId: string): Promise<string[]> {
  const response = await scene.tenant.member.get('/evaluations', { monitorIds: monitorId, limit: 1000 });
  if (response.status !== 200) throw new Error(`evaluations: ${response.status}`);
  return response.body.map((evaluation: { sessionId: string }) => evaluation.sessionId).sort();
}

for (const { world, title } of [...worlds, memory]) {
  const tick = () => world().platform.useCases!.discoverMonitorSessions.execute();

  test.serial(title('a burst of finished sessions is queued five a tick, each once'), async (t) => {
    const scene = await monitorScene(world());
    const monitor = await scene.monitor({});
    const ids = await sessionsAt(
      world(),
      scene,
      Array.from({ length: 12 }, (_, index) => later(monitor.createdAt, index + 1)),
      true,
    );
    await pause(30);
    const counts = [];
    for (let round = 0; round < 4; round += 1) {
      await tick();
      counts.push((await queued(scene, monitor.id)).length);
    }
    t.deepEqual(counts, [5, 10, 12, 12]);
    t.deepEqual(await queued(scene, monitor.id), [...ids].sort());
  });

  test.serial(title('sessions sharing a time are never split by the cut, nor skipped'), async (t) => {
    const scene = await monitorScene(world());
    const monitor = await scene.monitor({});
    const at = (ms: number, count: number) => Array.from({ length: count }, () => later(monitor.createdAt, ms));
    // 3 at one time, 4 at the next (straddling the bound of 5), 2, then 6 at one time (more than the bound).
    const times = [...at(1, 3), ...at(2, 4), ...at(3, 2), ...at(4, 6)];
    const ids = await sessionsAt(world(), scene, times, true);
    await pause(30);
    const counts = [];
    for (let round = 0; round < 5; round += 1) {
      await tick();
      counts.push((await queued(scene, monitor.id)).length);
    }
    t.deepEqual(counts, [3, 7, 9, 15, 15], 'a whole time a tick; a time bigger than the bound alone is taken whole');
    t.deepEqual(await queued(scene, monitor.id), [...ids].sort());
  });

  test.serial(
    title('idle and finished sessions share the bound; idle ones sharing a time wait together'),
    async (t) => {
      const scene = await monitorScene(world());
      const monitor = await scene.monitor({ idleSeconds: 1 });
      const idleTimes = [1, 2, 3, 3, 4, 5].map((ms) => later(monitor.createdAt, ms));
      const idle = await sessionsAt(world(), scene, idleTimes, false);
      const finished = await sessionsAt(
        world(),
        scene,
        [1, 2, 3, 4, 5, 6].map((ms) => later(monitor.createdAt, ms)),
        true,
        60_000,
      );
      await pause(1100);
      const rounds: string[][] = [];
      for (let round = 0; round < 4; round += 1) {
        await tick();
        rounds.push(await queued(scene, monitor.id));
      }
      t.deepEqual(
        rounds.map((round) => round.length),
        [5, 10, 12, 12],
      );
      // Tick 1: room for 3 idle (the finished burst keeps half), so the two created at one time wait for tick 2.
      t.deepEqual(rounds[0], [idle[0], idle[1], ...finished.slice(0, 3)].sort());
      t.deepEqual(rounds[1], [...idle.slice(0, 5), ...finished.slice(0, 5)].sort());
      t.deepEqual(rounds[3], [...idle, ...finished].sort());
    },
  );

  test.serial(
    title('more turns at one time than the bound: that time is taken whole and the tick moves on'),
    async (t) => {
      const scene = await monitorScene(world());
      const monitor = await scene.monitor({ idleSeconds: 1 });
      const ports = world().platform.ports;
      const [busy] = await sessionsAt(world(), scene, [later(monitor.createdAt, 1)], false);
      const [quiet] = await sessionsAt(world(), scene, [later(monitor.createdAt, 2)], false);
      const [last] = await sessionsAt(world(), scene, [later(monitor.createdAt, 3)], false);
      const turnTime = { organizationId: scene.tenant.organizationId, now: later(monitor.createdAt, 2) };
      await ports.inferenceResults.insertMany(
        Array.from({ length: 7 }, (_, index) =>
          createInferenceResult(
            { sessionId: busy, input: `turn ${index}` },
            { ...turnTime, id: ports.ids.next('turn') },
          ),
        ),
      );
      await pause(1100);
      const rounds: string[][] = [];
      for (let round = 0; round < 4; round += 1) {
        await tick();
        rounds.push(await queued(scene, monitor.id));
      }
      // Tick 1 gets through the busy session's creation only (it was active after); tick 2 takes the crowded time whole.
      t.deepEqual(rounds, [[], [busy, quiet].sort(), [busy, quiet, last].sort(), [busy, quiet, last].sort()]);
    },
  );

  test.serial(title("a big organization's monitors do not keep a small one's from the same tick"), async (t) => {
    const big = await monitorScene(world());
    const bigMonitors = [];
    for (let index = 0; index < 3; index += 1) bigMonitors.push(await big.monitor({}));
    const small = await monitorScene(world());
    const smallMonitor = await small.monitor({});
    const start = smallMonitor.createdAt;
    const bigSessions = await sessionsAt(
      world(),
      big,
      Array.from({ length: 6 }, (_, index) => later(start, index + 1)),
      true,
    );
    const smallSessions = await sessionsAt(world(), small, [later(start, 1), later(start, 2)], true);
    await pause(30);
    const report = await tick();
    t.true(report.deferred >= 1, 'the big organization has more monitors than its share of one tick');
    t.deepEqual(await queued(small, smallMonitor.id), [...smallSessions].sort());
    const served = await Promise.all(bigMonitors.map((monitor) => queued(big, monitor.id)));
    t.deepEqual(
      served.map((sessions) => sessions.length).sort(),
      [0, 5, 5],
      'two monitors of the big organization, five sessions each',
    );
    for (let round = 0; round < 3; round += 1) await tick();
    for (const monitor of bigMonitors) t.deepEqual(await queued(big, monitor.id), [...bigSessions].sort());
  });
}
