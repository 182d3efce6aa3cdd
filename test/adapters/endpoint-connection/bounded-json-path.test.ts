import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import test from 'ava';
import parseJsonPath from 'jsonpath-rfc9535/parser';
import { BoundedJsonPath, PathBudgetExceeded } from '../../../adapters/endpoint-connection/bounded-json-path.ts';
import { ANSWER_MAX_NODES } from '../../../domain/endpoint-connection/answer-json.ts';
import { jsonPathRuleBroken } from '../../../adapters/endpoint-connection/json-path-rules.ts';

interface ComplianceCase {
  readonly name: string;
  readonly selector: string;
  readonly document?: unknown;
  readonly result?: unknown[];
  readonly results?: unknown[][];
  readonly invalid_selector?: boolean;
}

/** The RFC 9535 compliance suite the library ships with its sources. */
const suite = (): ComplianceCase[] => {
  const root = dirname(createRequire(import.meta.url).resolve('jsonpath-rfc9535/package.json'));
  const file = join(root, 'src/__tests__/jsonpath-compliance-test-suite/cts.json');
  return JSON.parse(readFileSync(file, 'utf8')).tests;
};

const select = (document: unknown, path: string, budget?: number) =>
  new BoundedJsonPath(document, budget).select(parseJsonPath(path));

test('evaluates as RFC 9535 says: every valid case of the compliance suite but the regular-expression ones', (t) => {
  let checked = 0;
  for (const entry of suite()) {
    if (entry.invalid_selector || /match\(|search\(/.test(entry.selector)) continue;
    const selected = select(entry.document, entry.selector);
    const expected = entry.results ?? [entry.result];
    t.true(
      expected.some((result) => JSON.stringify(result) === JSON.stringify(selected)),
      `${entry.name}: ${entry.selector} gave ${JSON.stringify(selected)}`,
    );
    checked++;
  }
  t.true(checked > 350, `only ${checked} cases checked`);
});

const nested = (depth: number): unknown => {
  let document: unknown = 'leaf';
  for (let level = 0; level < depth; level++) document = { a: document, b: [level] };
  return document;
};

test('an evaluation over its step budget stops with a reason instead of running on', (t) => {
  const error = t.throws(() => select(nested(60), '$..*', 100), { instanceOf: PathBudgetExceeded });
  t.regex(error.message, /more than 100 steps/);
  t.is(select(nested(60), '$..*', 1000).length, 180);
  // Duplicating selectors multiply the work per segment: the budget holds, whatever the document.
  const wide = Array.from({ length: 50 }, () => Array.from({ length: 50 }, () => [1, 2, 3]));
  t.throws(() => select(wide, '$[*,*,*,*][*,*,*,*][*,*,*,*][?@ == 7]'), { instanceOf: PathBudgetExceeded });
  t.deepEqual(select(wide, '$[0][0][?@ > 2]'), [3]);
});

test('a path of one descendant segment fits its budget on the largest answer the platform reads', (t) => {
  // Five values per item: the most values an answer may hold.
  const largest = { items: Array.from({ length: ANSWER_MAX_NODES / 5 - 1 }, (_, n) => ({ kind: 'a', n, t: [n] })) };
  t.is(select(largest, '$..*').length, ANSWER_MAX_NODES - 4);
  t.is(select(largest, '$..[?@.kind]').length, ANSWER_MAX_NODES / 5 - 1);
  t.is(select(largest, '$..t[0]').length, ANSWER_MAX_NODES / 5 - 1);
});

test('the rules: one descendant segment in the whole path, no regular-expression function', (t) => {
  const broken = (path: string) => jsonPathRuleBroken(parseJsonPath(path));
  t.is(broken('$..answer'), null);
  t.is(broken('$.items[?@.kind == "text"].value'), null);
  t.is(broken('$..items[?length(@.text) > 3]'), null);
  t.regex(broken('$..*..*') ?? '', /at most one descendant segment \(\.\.\), it holds 2/);
  t.regex(broken('$..items[?@..text]') ?? '', /at most one descendant segment/);
  t.regex(broken("$[?match(@.text, '(a+)+b')]") ?? '', /may not call match\(\)/);
  t.regex(broken("$[?search(@.text, 'a')]") ?? '', /may not call search\(\)/);
});
