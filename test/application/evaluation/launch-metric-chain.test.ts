import test from 'ava';
import { memoryTracing, type MemoryTracingWorld } from '../../support/memory-tracing.ts';

/** The chain session → test case → test → specification → linked metrics, as the launch reads it. */
const chain: {
  rule: string;
  change: (world: MemoryTracingWorld) => Promise<unknown>;
  expected: 'scored by the linked metric' | RegExp;
}[] = [
  {
    rule: "a session run from a test case is scored by its specification's metrics",
    change: async () => undefined,
    expected: 'scored by the linked metric',
  },
  {
    rule: 'a revised test case keeps its old revision’s sessions on the specification',
    change: ({ useCases, a, mine }) =>
      useCases.updateTestCase.execute(a.owner, mine.testCase.id, { expectedOutput: 'x' }),
    expected: 'scored by the linked metric',
  },
  {
    rule: 'a test moved to no specification leaves its sessions with none',
    change: ({ useCases, a, mine }) =>
      useCases.updateDataset.execute(a.owner, mine.dataset.id, { specificationId: null }),
    expected: /no specification/,
  },
  {
    rule: 'a deleted specification counts as none',
    change: ({ useCases, a, mine }) => useCases.deleteSpecification.execute(a.owner, mine.specification.id),
    expected: /no specification/,
  },
  {
    rule: 'a deleted test case leaves its sessions with no specification',
    change: ({ useCases, a, mine }) => useCases.deleteTestCase.execute(a.owner, mine.testCase.id),
    expected: /no specification/,
  },
  {
    rule: 'a deleted linked metric leaves the specification with none',
    change: ({ useCases, a, mine }) => useCases.deleteMetric.execute(a.owner, mine.metric.id),
    expected: /no linked metrics/,
  },
  {
    rule: 'a link that outlived its metric (a concurrent deletion) is not used',
    change: async ({ useCases, ports, clock, a, mine }) =>
      ports.metrics.update({ ...(await useCases.getMetric.execute(a.owner, mine.metric.id)), deletedAt: clock.now() }),
    expected: /no linked metrics/,
  },
  {
    rule: 'a test still pointing at a deleted specification (a concurrent deletion) has none',
    change: async ({ useCases, ports, clock, a, mine }) => {
      const specification = await useCases.getSpecification.execute(a.owner, mine.specification.id);
      return ports.specifications.update({ ...specification, deletedAt: clock.now() });
    },
    expected: /no specification/,
  },
];

for (const { rule, change, expected } of chain) {
  test(`scope: ${rule}`, async (t) => {
    const world = await memoryTracing();
    await change(world);
    const report = await world.useCases.evaluateSessions.execute(world.a.member, {
      sessionIds: [world.mine.session.id],
    });
    if (typeof expected === 'string') {
      t.like(report, { sessionsEvaluated: 1, evaluationsCreated: 1 });
      const [evaluation] = await world.useCases.listEvaluations.execute(world.a.member, {});
      t.is(evaluation.metricId, world.mine.metric.id);
    } else {
      t.like(report, { sessionsEvaluated: 0, evaluationsCreated: 0, sessionsFailed: 0 });
      t.regex(report.message, expected);
    }
  });
}

test("another organization's specification adds none of its metrics", async (t) => {
  const { useCases, a, mine, theirs } = await memoryTracing();
  const human = await useCases.createMetric.execute(a.owner, { name: 'Human', source: 'HUMAN' });
  const additive = await useCases.evaluateSessions.execute(a.member, {
    sessionIds: [mine.session.id],
    metrics: [{ id: human.id }],
    specificationIds: [theirs.specification.id],
  });
  t.is(additive.evaluationsCreated, 1);
  const allowList = await useCases.evaluateSessions.execute(a.member, {
    sessionIds: [mine.session.id],
    specificationIds: [theirs.specification.id],
  });
  t.like(allowList, { sessionsEvaluated: 0, evaluationsCreated: 0 });
  const metricIds = (await useCases.listEvaluations.execute(a.member, {})).map((evaluation) => evaluation.metricId);
  t.deepEqual(metricIds, [human.id]);
});
