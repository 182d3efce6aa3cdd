import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { pathsOf, refusalTargetIn, revisionScene } from '../support/catalog-scenes.ts';

// Metrics: validation, revisions (in place or new), legacy revisions in lists, names and concurrent revisions.

for (const { world, title } of await databaseWorlds(test)) {
  const refusalTarget = refusalTargetIn(world);

  test(title('metrics: disabledAt must be a timestamp'), async (t) => {
    const { owner, metric } = await refusalTarget();
    t.deepEqual(pathsOf(await owner.patch(`/metrics/${metric.id}`, { disabledAt: 'yes' })), ['disabledAt']);
  });

  test(
    title('metrics: each source gets the evaluation params it reads, and a revision family of its own'),
    async (t) => {
      const { owner } = await createTenant(world());
      const deterministic = await owner.post('/metrics', {
        name: 'Tools',
        source: 'DETERMINISTIC',
        algorithm: 'TOOL_CORRECTNESS',
        tags: ['agent'],
      });
      t.is(deterministic.status, 201);
      t.true(deterministic.body.id.startsWith('metric_'));
      t.deepEqual(deterministic.body.evaluationParams, ['toolsUsed', 'expectedTools']);
      t.is(deterministic.body.metricGroupId, deterministic.body.id);
      t.is(deterministic.body.parentMetricId, null);
      t.is(deterministic.body.legacyAt, null);
      t.is(deterministic.body.disabledAt, null);
      t.false('activeName' in deterministic.body);
      const judge = await owner.post('/metrics', {
        name: 'Faithful',
        source: 'LLM_JUDGE',
        judgePrompt: 'Grounded?',
        evaluationParams: ['input', 'actualOutput', 'retrievalContext'],
        judgeModel: 'gpt-x',
      });
      t.is(judge.status, 201);
      t.deepEqual(judge.body.evaluationParams, ['input', 'actualOutput', 'retrievalContext']);
    },
  );

  /** Metric definitions refused with 400, and the fields each refusal names. */
  const refusedMetrics: [string, Record<string, unknown>, string[]][] = [
    ['an LLM_JUDGE metric needs a prompt', { name: 'a', source: 'LLM_JUDGE' }, ['judgePrompt']],
    ['a DETERMINISTIC metric needs an algorithm', { name: 'b', source: 'DETERMINISTIC' }, ['algorithm']],
    ['an algorithm must be known', { name: 'c', source: 'DETERMINISTIC', algorithm: 'MAGIC' }, ['algorithm']],
    ['only DETERMINISTIC metrics have an algorithm', { name: 'd', source: 'HUMAN', algorithm: 'BLEU' }, ['algorithm']],
    [
      'an algorithm reads the params it needs',
      { name: 'e', source: 'DETERMINISTIC', algorithm: 'BLEU', evaluationParams: ['input'] },
      ['evaluationParams'],
    ],
    [
      'evaluation params must be known',
      { name: 'f', source: 'LLM_JUDGE', judgePrompt: 'x', evaluationParams: ['vibes'] },
      ['evaluationParams.0'],
    ],
    ['a source must be known', { name: 'g', source: 'ROBOT' }, ['source']],
    ['a metric needs a name', { source: 'HUMAN' }, ['name']],
  ];

  for (const [rule, body, paths] of refusedMetrics) {
    test(title(`metrics: ${rule}`), async (t) => {
      const { owner } = await refusalTarget();
      const response = await owner.post('/metrics', body);
      t.is(response.status, 400, JSON.stringify(body));
      t.is(response.body.error, 'invalid_input');
      t.deepEqual(pathsOf(response), paths, JSON.stringify(body));
    });
  }

  test(title('metrics: descriptive changes edit the revision in place'), async (t) => {
    const { owner } = await createTenant(world());
    const { metric, described } = await revisionScene(owner);
    t.is(described.status, 200);
    t.is(described.body.id, metric.id, 'descriptive changes stay in place');
    t.is(described.body.judgePrompt, 'Polite?');
  });

  test(
    title('metrics: a revision takes omitted fields from its parent, supersedes it and takes over its links'),
    async (t) => {
      const { owner } = await createTenant(world());
      const { spec, metric, revised } = await revisionScene(owner);
      t.is(revised.status, 201, JSON.stringify(revised.body));
      t.not(revised.body.id, metric.id);
      t.is(revised.body.parentMetricId, metric.id);
      t.is(revised.body.metricGroupId, metric.id);
      t.is(revised.body.name, 'Polite', 'omitted fields come from the parent');
      t.is(revised.body.description, 'Tone');
      t.is(revised.body.judgeModel, 'gpt-x');
      t.is(revised.body.judgePrompt, 'Is the answer polite?');
      const old = await owner.get(`/metrics/${metric.id}`);
      t.truthy(old.body.legacyAt);
      t.is(old.body.judgePrompt, 'Polite?');
      t.deepEqual(
        (await owner.get(`/specifications/${spec.id}`)).body.metricIds,
        [revised.body.id],
        'links move to the new head',
      );
    },
  );

  test(title('metrics: a superseded revision is frozen: no second revision, no change, no new link'), async (t) => {
    const { owner } = await createTenant(world());
    const { spec, metric } = await revisionScene(owner);
    const again = await owner.post('/metrics', { parentMetricId: metric.id, judgePrompt: 'again' });
    t.is(again.status, 409, 'a legacy parent cannot be revised again');
    t.is((await owner.post('/metrics', { parentMetricId: 'metric_nope' })).status, 404);
    t.is((await owner.patch(`/metrics/${metric.id}`, { description: 'x' })).status, 409, 'a legacy revision is frozen');
    t.is((await owner.post(`/specifications/${spec.id}/metrics`, { metricIds: [metric.id] })).status, 400);
  });

  test(title('metrics: lists show superseded revisions unless includeLegacy is false'), async (t) => {
    const { owner } = await createTenant(world());
    const { metric, revised } = await revisionScene(owner);
    t.deepEqual(
      (await owner.get('/metrics', { sort: 'createdAt,asc' })).body.map((item: { id: string }) => item.id),
      [metric.id, revised.body.id],
      'includeLegacy defaults to true',
    );
    t.deepEqual(
      (await owner.get('/metrics', { includeLegacy: false })).body.map((item: { id: string }) => item.id),
      [revised.body.id],
    );
    t.is((await owner.get('/metrics', { metricGroupIds: metric.id })).body.length, 2);
  });

  test(title('metrics: disabledAt is set and cleared in place'), async (t) => {
    const { owner } = await createTenant(world());
    const { revised } = await revisionScene(owner);
    const disabled = await owner.patch(`/metrics/${revised.body.id}`, { disabledAt: '2026-03-01T10:00:00Z' });
    t.is(disabled.body.disabledAt, '2026-03-01T10:00:00.000Z');
    t.is(disabled.body.id, revised.body.id);
    t.is((await owner.patch(`/metrics/${revised.body.id}`, { disabledAt: null })).body.disabledAt, null);
  });

  test(title("metrics: a live head's name is taken, and the conflict names it"), async (t) => {
    const { owner } = await createTenant(world());
    await revisionScene(owner);
    const other = (await owner.post('/metrics', { name: 'Other', source: 'HUMAN' })).body;
    const clash = await owner.patch(`/metrics/${other.id}`, { name: 'Polite' });
    t.is(clash.status, 409, 'a live head’s name is taken');
    t.regex(clash.body.message, /metric named "Polite" already exists/);
    t.notRegex(clash.body.message, /activeName/);
  });

  test(
    title('metrics: a revision may change the source; deleting the head unlinks it and frees its name'),
    async (t) => {
      const { owner } = await createTenant(world());
      const { spec, revised } = await revisionScene(owner);
      const sourceChange = await owner.post('/metrics', {
        parentMetricId: revised.body.id,
        source: 'DETERMINISTIC',
        algorithm: 'EXACT_MATCH',
      });
      t.is(sourceChange.status, 201, JSON.stringify(sourceChange.body));
      t.is(sourceChange.body.judgePrompt, null);
      t.is((await owner.delete(`/metrics/${sourceChange.body.id}`)).status, 200);
      t.deepEqual((await owner.get(`/specifications/${spec.id}`)).body.metricIds, []);
      t.is(
        (await owner.post('/metrics', { name: 'Polite', source: 'HUMAN' })).status,
        201,
        'the name is free once deleted',
      );
    },
  );

  test(title('metrics: two parallel revisions of one parent: one 201, one 409'), async (t) => {
    const { owner } = await createTenant(world());
    const metric = (await owner.post('/metrics', { name: 'Exact', source: 'DETERMINISTIC', algorithm: 'EXACT_MATCH' }))
      .body;
    const revisions = await Promise.all(
      ['BLEU', 'ROUGE_L'].map((algorithm) => owner.post('/metrics', { parentMetricId: metric.id, algorithm })),
    );
    t.deepEqual(
      revisions.map((response) => response.status).sort(),
      [201, 409],
      JSON.stringify(revisions.map((response) => response.body)),
    );
    t.is((await owner.get('/metrics', { includeLegacy: false })).body.length, 1);
  });
}
