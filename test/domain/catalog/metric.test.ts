import test from 'ava';
import {
  changeMetric,
  createMetric,
  isActiveMetric,
  supersedeMetric,
  type NewMetric,
} from '../../../domain/catalog/metric.ts';
import { ALGORITHM_READS, DETERMINISTIC_ALGORITHMS } from '../../../domain/catalog/metric-kinds.ts';
import { IllegalTransition, InvalidInput } from '../../../domain/errors.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-02T00:00:00.000Z';
const make = (input: NewMetric) => createMetric(input, { id: 'metric_1', organizationId: 'org_1', now: NOW });
const issuePaths = (fn: () => unknown): string[] => {
  const error = (() => {
    try {
      fn();
    } catch (caught) {
      return caught;
    }
    return null;
  })();
  return error instanceof InvalidInput ? error.issues.map((issue) => issue.path) : [];
};

test('the catalogue names every deterministic algorithm the platform scores', (t) => {
  t.deepEqual([...DETERMINISTIC_ALGORITHMS].sort(), [
    'BLEU',
    'EXACT_MATCH',
    'IOU',
    'JSON_FIELD_MATCH',
    'JSON_FIELD_MATCH_NORMALIZED',
    'JSON_FIELD_MATCH_STRICT',
    'ROUGE_L',
    'TEXT_SIMILARITY',
    'TOOL_CORRECTNESS',
    'URL_VALIDITY',
  ]);
  t.deepEqual(ALGORITHM_READS.URL_VALIDITY, ['actualOutput']);
});

test('evaluation params default to what the algorithm reads, else input and actual output', (t) => {
  t.deepEqual(make({ name: 'm', source: 'DETERMINISTIC', algorithm: 'TOOL_CORRECTNESS' }).evaluationParams, [
    'toolsUsed',
    'expectedTools',
  ]);
  t.deepEqual(make({ name: 'm', source: 'LLM_JUDGE', judgePrompt: 'p' }).evaluationParams, ['input', 'actualOutput']);
  t.deepEqual(make({ name: 'm', source: 'HUMAN', evaluationParams: ['input', 'input', 'context'] }).evaluationParams, [
    'input',
    'context',
  ]);
});

const refusals: [string, NewMetric, string[]][] = [
  ['judge without prompt', { name: 'm', source: 'LLM_JUDGE' }, ['judgePrompt']],
  ['judge with blank prompt', { name: 'm', source: 'LLM_JUDGE', judgePrompt: '  ' }, ['judgePrompt']],
  ['deterministic without algorithm', { name: 'm', source: 'DETERMINISTIC' }, ['algorithm']],
  [
    'deterministic with a prompt',
    { name: 'm', source: 'DETERMINISTIC', algorithm: 'BLEU', judgePrompt: 'p' },
    ['judgePrompt'],
  ],
  ['algorithm on a human metric', { name: 'm', source: 'HUMAN', algorithm: 'BLEU' }, ['algorithm']],
  ['judge model off a judge', { name: 'm', source: 'SELF_HOSTED', judgeModel: 'gpt' }, ['judgeModel']],
  [
    'params missing what the algorithm reads',
    { name: 'm', source: 'DETERMINISTIC', algorithm: 'IOU', evaluationParams: ['actualOutput'] },
    ['evaluationParams'],
  ],
  ['blank name and tag', { name: ' ', source: 'HUMAN', tags: [''] }, ['name', 'tags.0']],
];
for (const [name, input, paths] of refusals) {
  test(`refused: ${name}`, (t) =>
    t.deepEqual(
      issuePaths(() => make(input)),
      paths,
    ));
}

test('a PATCH changes name, description, tags and disabledAt in place, never the scoring definition', (t) => {
  const metric = make({ name: 'Polite', source: 'LLM_JUDGE', judgePrompt: 'Polite?' });
  const described = changeMetric(metric, {
    name: ' Courteous ',
    description: 'Tone',
    tags: ['tone', 'tone'],
    disabledAt: LATER,
  });
  t.is(described.id, metric.id);
  t.is(described.name, 'Courteous');
  t.is(described.activeName, 'Courteous');
  t.deepEqual(described.tags, ['tone']);
  t.is(described.disabledAt, LATER);
  t.false(isActiveMetric(described));
  t.is(changeMetric(described, { disabledAt: null }).disabledAt, null);
  for (const field of ['source', 'judgePrompt', 'evaluationParams', 'judgeModel', 'algorithm']) {
    t.deepEqual(
      issuePaths(() => changeMetric(metric, { [field]: null } as never)),
      [field],
      field,
    );
  }
  t.deepEqual(
    issuePaths(() => changeMetric(metric, { name: ' ' })),
    ['name'],
  );
});

test('creating with a parent starts a revision in the family; the parent is superseded', (t) => {
  const parent = make({
    name: 'Polite',
    description: 'Tone',
    tags: ['tone'],
    source: 'LLM_JUDGE',
    judgePrompt: 'Polite?',
    judgeModel: 'gpt-x',
  });
  const revision = createMetric(
    { parentMetricId: parent.id, judgePrompt: 'Really polite?' },
    { id: 'metric_2', organizationId: 'org_1', now: LATER, parent },
  );
  t.is(revision.id, 'metric_2');
  t.is(revision.parentMetricId, parent.id);
  t.is(revision.metricGroupId, parent.metricGroupId);
  t.is(revision.name, 'Polite', 'omitted fields are the parent’s');
  t.is(revision.description, 'Tone');
  t.is(revision.judgeModel, 'gpt-x');
  t.is(revision.judgePrompt, 'Really polite?');
  t.is(revision.legacyAt, null);
  t.is(revision.activeName, 'Polite');
  const superseded = supersedeMetric(parent, LATER);
  t.is(superseded.legacyAt, LATER);
  t.is(superseded.activeName, null);
  t.is(superseded.judgePrompt, 'Polite?', 'the parent keeps its definition');
  const third = createMetric(
    { parentMetricId: revision.id },
    { id: 'metric_3', organizationId: 'org_1', now: LATER, parent: revision },
  );
  t.is(third.metricGroupId, parent.id, 'the family key is the root’s id');
  t.throws(
    () =>
      createMetric(
        { parentMetricId: parent.id },
        { id: 'metric_4', organizationId: 'org_1', now: LATER, parent: superseded },
      ),
    {
      instanceOf: IllegalTransition,
    },
  );
  t.throws(() => changeMetric(superseded, { description: 'x' }), { instanceOf: IllegalTransition });
});

test('a revision that changes source takes no scoring field from its parent; a new algorithm recomputes the params', (t) => {
  const judge = make({ name: 'm', source: 'LLM_JUDGE', judgePrompt: 'p', judgeModel: 'gpt' });
  const deterministic = createMetric(
    { source: 'DETERMINISTIC', algorithm: 'URL_VALIDITY' },
    { id: 'metric_2', organizationId: 'org_1', now: LATER, parent: judge },
  );
  t.is(deterministic.judgePrompt, null);
  t.is(deterministic.judgeModel, null);
  t.deepEqual(deterministic.evaluationParams, ['actualOutput']);
  const bleu = createMetric(
    { algorithm: 'BLEU' },
    { id: 'metric_3', organizationId: 'org_1', now: LATER, parent: deterministic },
  );
  t.deepEqual(bleu.evaluationParams, ['actualOutput', 'expectedOutput']);
  t.deepEqual(
    issuePaths(() => make({ description: 'no name, no source' })),
    ['name', 'source'],
  );
});
