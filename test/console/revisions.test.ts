import test from 'ava';
import { changedFields, revisionHistory, stableJson } from '../../adapters/http/console/page/lib/revisions.ts';

const revision = (id: string, parent: string | null, createdAt: string, fields: Record<string, unknown>) => ({
  id,
  parentTestCaseId: parent,
  createdAt,
  input: { user_message: 'hi' },
  expectedOutput: null,
  languageCode: 'en',
  ...fields,
});

test('stable JSON ignores key order, not array order', (t) => {
  t.is(stableJson({ b: 1, a: [2, { d: 1, c: 0 }] }), '{"a":[2,{"c":0,"d":1}],"b":1}');
  t.not(stableJson([1, 2]), stableJson([2, 1]));
  t.is(stableJson(undefined), 'null');
});

test('a revision lists the content fields it changed from its parent', (t) => {
  const first = revision('tc1', null, '2026-11-01T00:00:00.000Z', {});
  const second = revision('tc2', 'tc1', '2026-11-02T00:00:00.000Z', { expectedOutput: 'Hello', languageCode: 'fr' });
  t.deepEqual(changedFields(second, first), ['expectedOutput', 'languageCode']);
  t.deepEqual(changedFields(first, undefined), []);
});

test('the history is newest first, each with its changes', (t) => {
  const family = [
    revision('tc1', null, '2026-11-01T00:00:00.000Z', {}),
    revision('tc3', 'tc2', '2026-11-03T00:00:00.000Z', { input: { user_message: 'hello' }, expectedOutput: 'Hi' }),
    revision('tc2', 'tc1', '2026-11-02T00:00:00.000Z', { expectedOutput: 'Hi' }),
  ];
  t.deepEqual(
    revisionHistory(family).map(({ revision: { id }, changed }) => `${id}:${changed.join('+')}`),
    ['tc3:input', 'tc2:expectedOutput', 'tc1:'],
  );
});
