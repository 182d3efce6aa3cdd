import test from 'ava';
import { scopeSession, type ScopeRequest, type SessionScope } from '../../../domain/evaluation/metric-scope.ts';

const linkedMetricIds = { specA: ['m1', 'm2'], specB: ['m2', 'm3'], specEmpty: [] };
const sessions = {
  a: { sessionId: 's', specificationId: 'specA' },
  b: { sessionId: 's', specificationId: 'specB' },
  none: { sessionId: 's', specificationId: null },
  empty: { sessionId: 's', specificationId: 'specEmpty' },
};

const cases: {
  rule: string;
  request: Omit<ScopeRequest, 'linkedMetricIds'>;
  session: keyof typeof sessions;
  expected: string[] | string;
}[] = [
  {
    rule: '1: explicit metrics apply to a session with a specification',
    request: { explicitMetricIds: ['x'] },
    session: 'a',
    expected: ['x'],
  },
  {
    rule: '1: explicit metrics apply to an imported session without specification',
    request: { explicitMetricIds: ['x', 'y'] },
    session: 'none',
    expected: ['x', 'y'],
  },
  {
    rule: '1: explicit metrics apply even when the specification has no linked metrics',
    request: { explicitMetricIds: ['x'] },
    session: 'empty',
    expected: ['x'],
  },
  {
    rule: '1: explicit metrics are de-duplicated',
    request: { explicitMetricIds: ['x', 'x'] },
    session: 'a',
    expected: ['x'],
  },
  {
    rule: "2: no metrics: the session's own specification's metrics",
    request: {},
    session: 'a',
    expected: ['m1', 'm2'],
  },
  { rule: "2: no metrics: never another specification's metrics", request: {}, session: 'b', expected: ['m2', 'm3'] },
  {
    rule: '2: no metrics, imported session: skipped (no specification)',
    request: {},
    session: 'none',
    expected: 'NO_SPECIFICATION',
  },
  {
    rule: '3: specificationIds only, listed: its metrics',
    request: { specificationIds: ['specA'] },
    session: 'a',
    expected: ['m1', 'm2'],
  },
  {
    rule: '3: specificationIds only, not listed: skipped',
    request: { specificationIds: ['specA'] },
    session: 'b',
    expected: 'NOT_IN_SPECIFICATIONS',
  },
  {
    rule: '3: specificationIds only, imported session: skipped',
    request: { specificationIds: ['specA'] },
    session: 'none',
    expected: 'NOT_IN_SPECIFICATIONS',
  },
  {
    rule: '3: specificationIds only, listed with other specs: only its own metrics',
    request: { specificationIds: ['specA', 'specB'] },
    session: 'b',
    expected: ['m2', 'm3'],
  },
  {
    rule: '3: empty specificationIds list allows nothing',
    request: { specificationIds: [] },
    session: 'a',
    expected: 'NOT_IN_SPECIFICATIONS',
  },
  {
    rule: "4: both: explicit plus listed specifications' metrics, merged",
    request: { explicitMetricIds: ['x', 'm1'], specificationIds: ['specA', 'specB'] },
    session: 'a',
    expected: ['x', 'm1', 'm2', 'm3'],
  },
  {
    rule: '4: both: no per-session scoping (a session of an unlisted spec gets them too)',
    request: { explicitMetricIds: ['x'], specificationIds: ['specA'] },
    session: 'b',
    expected: ['x', 'm1', 'm2'],
  },
  {
    rule: '4: both: an imported session gets them too',
    request: { explicitMetricIds: ['x'], specificationIds: ['specB'] },
    session: 'none',
    expected: ['x', 'm2', 'm3'],
  },
  {
    rule: '4: both, nothing at all to score: skipped (no linked metrics)',
    request: { explicitMetricIds: [], specificationIds: ['specEmpty'] },
    session: 'a',
    expected: 'NO_LINKED_METRICS',
  },
  {
    rule: '5: specification without linked metrics, no filter: skipped',
    request: {},
    session: 'empty',
    expected: 'NO_LINKED_METRICS',
  },
  {
    rule: '5: specification without linked metrics, listed: skipped',
    request: { specificationIds: ['specEmpty'] },
    session: 'empty',
    expected: 'NO_LINKED_METRICS',
  },
  {
    rule: '6: an inactive linked metric is left out, the others apply',
    request: { inactiveMetricIds: ['m1'] },
    session: 'a',
    expected: ['m2'],
  },
  {
    rule: '6: an inactive explicit metric is left out',
    request: { explicitMetricIds: ['x', 'y'], inactiveMetricIds: ['y'] },
    session: 'none',
    expected: ['x'],
  },
  {
    rule: '6: only inactive metrics: skipped',
    request: { inactiveMetricIds: ['m1', 'm2'] },
    session: 'a',
    expected: 'ONLY_INACTIVE_METRICS',
  },
  {
    rule: '5+6: no linked metrics wins over inactive ones',
    request: { inactiveMetricIds: ['m1'] },
    session: 'empty',
    expected: 'NO_LINKED_METRICS',
  },
  {
    rule: '3+5: unlisted wins over no linked metrics',
    request: { specificationIds: ['specA'] },
    session: 'empty',
    expected: 'NOT_IN_SPECIFICATIONS',
  },
];

for (const { rule, request, session, expected } of cases) {
  test(`rule ${rule}`, (t) => {
    const scope: SessionScope = scopeSession({ ...request, linkedMetricIds }, sessions[session]);
    if (typeof expected === 'string') t.deepEqual(scope, { sessionId: 's', skip: expected } as SessionScope);
    else t.deepEqual(scope, { sessionId: 's', metricIds: expected });
  });
}
