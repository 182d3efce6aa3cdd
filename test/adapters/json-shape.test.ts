import test from 'ava';
import fc from 'fast-check';
import { JsonShapeScanner } from '../../adapters/shared/json-shape.ts';
import { findJsonProblem } from '../../adapters/shared/json-input.ts';

/** Nodes as the scanner counts them: every object, array, string (keys too), number and literal. */
function nodesOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + value.reduce((sum: number, item) => sum + nodesOf(item), 0);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).reduce((sum, [, item]) => sum + 1 + nodesOf(item), 1);
  return 1;
}

/** Feeds the text in pieces cut at the given places, as a socket would deliver it. */
function scan(text: string, cuts: readonly number[], nodeLimit: number, depthLimit = 64) {
  const bytes = Buffer.from(text);
  const scanner = new JsonShapeScanner(nodeLimit, depthLimit);
  let from = 0;
  for (const cut of [...cuts.map((place) => place % (bytes.length + 1)).sort((a, b) => a - b), bytes.length]) {
    const problem = scanner.feed(bytes.subarray(from, Math.max(from, cut)));
    if (problem) return problem;
    from = Math.max(from, cut);
  }
  return null;
}

test('the scanner counts what JSON.parse would build, however the text is cut, escapes and all', (t) => {
  fc.assert(
    fc.property(
      fc.jsonValue({ maxDepth: 6 }),
      fc.array(fc.nat(), { maxLength: 6 }),
      fc.boolean(),
      (value, cuts, spaced) => {
        const text = JSON.stringify(value, null, spaced ? 1 : undefined);
        const nodes = nodesOf(JSON.parse(text));
        return scan(text, cuts, nodes) === null && scan(text, cuts, nodes - 1)?.kind === 'nodes';
      },
    ),
    { numRuns: 500 },
  );
  t.pass();
});

test('a refusal for depth names the same path as the check after parsing', (t) => {
  fc.assert(
    fc.property(
      fc.jsonValue({ maxDepth: 8 }),
      fc.array(fc.nat(), { maxLength: 6 }),
      fc.integer({ min: 1, max: 5 }),
      (value, cuts, depthLimit) => {
        const text = JSON.stringify(value);
        const expected = findJsonProblem(JSON.parse(text), '', depthLimit);
        const found = scan(text, cuts, Number.MAX_SAFE_INTEGER, depthLimit);
        if (expected && !/deeper/.test(expected.message)) return true;
        return expected === null ? found === null : found?.kind === 'depth' && found.path === expected.path;
      },
    ),
    { numRuns: 500 },
  );
  t.pass();
});

test('bombs are refused at the limit: 8 million open brackets, millions of empty objects', (t) => {
  const brackets = Buffer.alloc(16_000_000, 0x5b);
  brackets.fill(0x5d, 8_000_000);
  const deep = new JsonShapeScanner().feed(brackets);
  t.is(deep?.kind, 'depth');
  t.regex(deep?.message ?? '', /deeper than 64 levels/);
  const objects = Buffer.from(`[${'{},'.repeat(2_000_000)}{}]`);
  const many = new JsonShapeScanner().feed(objects);
  t.is(many?.kind, 'nodes');
  t.regex(many?.message ?? '', /more than 1000000 JSON values/);
});

test('a text the scanner reads without a \\u escape holds nothing for the check after parsing to refuse', (t) => {
  fc.assert(
    fc.property(
      fc.jsonValue({ maxDepth: 5, stringUnit: 'binary' }),
      fc.array(fc.nat(), { maxLength: 6 }),
      (value, cuts) => {
        const bytes = Buffer.from(JSON.stringify(value));
        const scanner = new JsonShapeScanner();
        let from = 0;
        for (const cut of [...cuts.map((place) => place % (bytes.length + 1)).sort((a, b) => a - b), bytes.length]) {
          scanner.feed(bytes.subarray(from, Math.max(from, cut)));
          from = Math.max(from, cut);
        }
        const problem = findJsonProblem(JSON.parse(bytes.toString('utf8')));
        return scanner.escapesUnicode() || problem === null;
      },
    ),
    { numRuns: 1000 },
  );
  const split = new JsonShapeScanner();
  split.feed(Buffer.from('{"a":"x\\'));
  split.feed(Buffer.from('u0000"}'));
  t.true(split.escapesUnicode(), 'an escape cut between two chunks is seen');
  t.false(new JsonShapeScanner().escapesUnicode());
});
