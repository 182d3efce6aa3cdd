import test from 'ava';
import { Re2PatternEngine } from '../../adapters/system/re2-pattern-engine.ts';
import { createModelPrice, MATCH_PATTERN_LIMIT } from '../../domain/cost/model-price.ts';
import { InvalidInput } from '../../domain/errors.ts';

// A tenant's matchPattern is bounded: at most 200 characters, RE2 syntax only (no backreferences, no lookaround, no
// huge repeats), and matched in time linear in the name whatever the pattern. Patterns that make a backtracking
// engine run for ages (exponential in the input) answer at once here, even on inputs far longer than a model name.
const engine = new Re2PatternEngine();

const catastrophic: [string, string][] = [
  ['(a+)+$', `${'a'.repeat(100_000)}!`],
  ['(x+x+)+y', 'x'.repeat(100_000)],
  ['(a|aa)*c', 'a'.repeat(100_000)],
  ['^(\\w+\\s?)*$', `${'word '.repeat(20_000)}!`],
  ['(.*a){20}', 'a'.repeat(50_000)],
];
for (const [pattern, input] of catastrophic)
  test(`bounded: ${pattern} is taken and runs linearly on a ${input.length}-character input`, (t) => {
    t.is(engine.problem(pattern), null);
    t.is(typeof engine.matches(pattern, input), 'boolean');
  });

const refused = ['(a)\\1', '(?=a)b', '(?!a)b', '(?<=a)b', 'a{1001}', '((a{100}){100}){100}', '(unclosed', '[z-a]'];
for (const pattern of refused)
  test(`refused at compile time: ${pattern}`, (t) => {
    t.regex(engine.problem(pattern) ?? '', /RE2/);
    t.false(engine.matches(pattern, 'aaaa'), 'a refused pattern matches nothing');
  });

test('matches anywhere in the name, in any case', (t) => {
  t.true(engine.matches('^gpt-4o', 'GPT-4o-mini'));
  t.true(engine.matches('mini', 'gpt-4o-MINI-2024'));
  t.false(engine.matches('^mini', 'gpt-4o-mini'));
});

test('many distinct patterns stay correct past the compiled cache', (t) => {
  for (let index = 0; index < 1500; index++) t.true(engine.matches(`^m${index}$`, `M${index}`));
  t.true(engine.matches('^m0$', 'm0'));
});

test('a model refuses a pattern over 200 characters before compiling it', (t) => {
  const make = (matchPattern: string) =>
    createModelPrice(
      { name: 'm', costPerInputToken: 0, costPerOutputToken: 0, matchPattern },
      { id: 'model_1', organizationId: 'org_a', now: '2026-01-01T00:00:00.000Z' },
      engine.problem(matchPattern),
    );
  t.is(make('a'.repeat(MATCH_PATTERN_LIMIT)).matchPattern?.length, 200);
  const error = t.throws(() => make('a'.repeat(MATCH_PATTERN_LIMIT + 1)), { instanceOf: InvalidInput });
  t.regex(JSON.stringify(error), /at most 200/);
  t.throws(() => make('(a)\\1'), { instanceOf: InvalidInput });
});
