import test from 'ava';
import { readAnswerJson } from '../../../domain/endpoint-connection/answer-json.ts';

const limits = { maxDepth: 3, maxNodes: 6 };

/** What a product's answer reads as, within a depth of 3 and 6 values. */
const readings: { rule: string; body: string; read: ReturnType<typeof readAnswerJson> }[] = [
  { rule: 'a scalar', body: '"hi"', read: { document: 'hi' } },
  { rule: 'three levels, the most', body: '[[[1]]]', read: { document: [[[1]]] } },
  { rule: 'four levels', body: '[[[[1]]]]', read: { problem: 'the answer nests deeper than 3 levels' } },
  {
    rule: 'six values, the most',
    body: '{"a": [1, 2], "b": {"c": 3}}',
    read: { document: { a: [1, 2], b: { c: 3 } } },
  },
  { rule: 'seven values', body: '[1, 2, 3, 4, 5, 6]', read: { problem: 'the answer holds more than 6 JSON values' } },
  {
    rule: 'brackets and commas inside strings are text',
    body: '{"text": "[[[[,,,,,,,]]]] \\"[[[[\\" {{{{"}',
    read: { document: { text: '[[[[,,,,,,,]]]] "[[[[" {{{{' } },
  },
  { rule: 'not JSON', body: '<html>', read: { problem: 'the answer is not JSON' } },
  { rule: 'unbalanced brackets within the limits', body: '[[1]', read: { problem: 'the answer is not JSON' } },
  { rule: 'empty', body: '', read: { problem: 'the answer is not JSON' } },
];

for (const { rule, body, read } of readings)
  test(`answer JSON: ${rule}`, (t) => {
    t.deepEqual(readAnswerJson(body, limits), read);
  });

test('answer JSON: the default limits take a 16 KB answer nested 8,000 deep as a problem, not a parse', (t) => {
  t.deepEqual(readAnswerJson(`${'['.repeat(8000)}${']'.repeat(8000)}`), {
    problem: 'the answer nests deeper than 64 levels',
  });
});
