import test from 'ava';
import { scoreDeterministic } from '../../../domain/evaluation/deterministic.ts';
import type { MetricInputs } from '../../../domain/evaluation/metric-inputs.ts';
import { jsonFieldMatch } from '../../../domain/evaluation/metrics/json-field-match.ts';
import { iou, isValidUrl, toolCorrectness, urlValidity } from '../../../domain/evaluation/metrics/other-metrics.ts';
import { bleu, exactMatch, rougeL, textSimilarity } from '../../../domain/evaluation/metrics/text-metrics.ts';

const close = (actual: number, expected: number) => Math.abs(actual - expected) < 1e-4;

test('BLEU-4: identical sentences score 1', (t) =>
  t.is(bleu('the cat sat on the mat', 'the cat sat on the mat').score, 1));
test('BLEU-4: "the cat sat on the mat" vs "the cat sat on a mat" = (5/6 · 3/5 · 2/4 · 1/3)^¼ = 12^-¼ ≈ 0.5373', (t) => {
  t.true(close(bleu('the cat sat on the mat', 'the cat sat on a mat').score, (1 / 12) ** 0.25));
  t.true(close(bleu('the cat sat on the mat', 'the cat sat on a mat').score, 0.53728));
});
test('BLEU-4: Papineni\'s "the the the the the the the" has clipped unigram precision 2/7 and no bigram match → 0', (t) => {
  const result = bleu('the the the the the the the', 'the cat is on the mat');
  t.is(result.score, 0);
  t.regex(result.reason, /2\/7/);
});
test('BLEU-4: brevity penalty exp(1 − r/c) for a short candidate', (t) => {
  // candidate 4 words, all 1..4-grams match, reference 6 words: BP = exp(1 − 6/4) = e^-0.5 ≈ 0.6065
  t.true(close(bleu('the cat sat on', 'the cat sat on the mat').score, Math.exp(-0.5)));
});
test('ROUGE-L: Lin (2004) "police killed the gunman" vs "police kill the gunman": LCS 3 of 4 → F1 0.75', (t) => {
  t.true(close(rougeL('police kill the gunman', 'police killed the gunman').score, 0.75));
});
test('ROUGE-L: "the cat sat on the mat" vs "the cat is on the mat": LCS 5 of 6 → F1 0.8333', (t) => {
  t.true(close(rougeL('the cat sat on the mat', 'the cat is on the mat').score, 5 / 6));
});
test('ROUGE-L: nothing in common → 0', (t) => t.is(rougeL('alpha beta', 'gamma').score, 0));

const textCases: [string, string, string, number][] = [
  ['exact match, trimmed', 'exact', ' Paris ', 1],
  ['exact match is case-sensitive', 'exact', 'paris', 0],
  ['text similarity kitten/sitting = 1 − 3/7', 'similarity', 'kitten', 1 - 3 / 7],
  ['text similarity ignores case and spacing', 'similarity', '  SITTING ', 1],
];
for (const [name, kind, actual, expected] of textCases) {
  test(name, (t) => {
    const score = kind === 'exact' ? exactMatch(actual, 'Paris').score : textSimilarity(actual, 'sitting').score;
    t.true(close(score, kind === 'exact' ? expected : expected));
  });
}

const jsonCases: [string, string, string, 'plain' | 'normalized' | 'strict', number][] = [
  ['all fields equal', '{"a":1,"b":"x"}', '{"a":1,"b":"x"}', 'plain', 1],
  ['one of two differs', '{"a":1,"b":"y"}', '{"a":1,"b":"x"}', 'plain', 0.5],
  ['nested leaves count', '{"a":{"b":1,"c":2}}', '{"a":{"b":1,"c":3}}', 'plain', 0.5],
  ['extra fields do not matter (plain)', '{"a":1,"z":9}', '{"a":1}', 'plain', 1],
  ['case/space differ: plain 0', '{"name":" Ada  Lovelace"}', '{"name":"ada lovelace"}', 'plain', 0],
  ['case/space differ: normalized 1', '{"name":" Ada  Lovelace"}', '{"name":"ada lovelace"}', 'normalized', 1],
  ['numeric text normalized', '{"n":"42"}', '{"n":42}', 'normalized', 1],
  ['strict: extra field → 0', '{"a":1,"z":9}', '{"a":1}', 'strict', 0],
  ['strict: identical → 1', '{"a":[1,2]}', '{"a":[1,2]}', 'strict', 1],
  ['output not JSON → 0', 'hello', '{"a":1}', 'plain', 0],
  ['fenced JSON accepted', '```json\n{"a":1}\n```', '{"a":1}', 'plain', 1],
];
for (const [name, actual, expected, mode, score] of jsonCases) {
  test(`JSON field match (${mode}): ${name}`, (t) =>
    t.true(close(jsonFieldMatch(actual, expected, mode).score, score)));
}

test('tool correctness: share of expected tools used', (t) => {
  t.is(toolCorrectness(['search', 'book'], ['search', 'lookup']).score, 0.5);
  t.is(toolCorrectness(['Search'], ['search']).score, 1);
  t.is(toolCorrectness([], []).score, 1);
  t.is(toolCorrectness([], ['x']).score, 0);
});

const urls: [string, boolean][] = [
  ['https://example.com', true],
  ['http://sub.example.co.uk/path?q=1#x', true],
  ['http://localhost:8080/x', true],
  ['http://127.0.0.1/', true],
  ['ftp://example.com', false],
  ['https://exa mple.com', false],
  ['https://-bad-.com', false],
  ['https://example', false],
  ['https://example.com:99999', false],
  ['example.com', false],
];
for (const [url, valid] of urls) test(`URL syntax ${url} → ${valid}`, (t) => t.is(isValidUrl(url), valid));
test('URL validity scores the share of well-formed URLs in a text, offline', (t) => {
  t.is(urlValidity('See https://example.com and https://bad..com.').score, 0.5);
  t.is(urlValidity('https://example.com/docs').score, 1);
  t.is(urlValidity('no links here').score, 0);
});

test('IOU of boxes [0,0,2,2] and [1,1,3,3] = 1/7', (t) => t.true(close(iou('[0,0,2,2]', '[1,1,3,3]').score, 1 / 7)));
test('IOU of word sets {a,b,c} and {b,c,d} = 2/4', (t) => t.is(iou('a b c', 'b c d').score, 0.5));
test('IOU of disjoint boxes = 0', (t) => t.is(iou('[0,0,1,1]', '[2,2,3,3]').score, 0));

const inputs = (overrides: Partial<MetricInputs>): MetricInputs => ({
  turns: [],
  input: null,
  actualOutput: null,
  expectedOutput: null,
  context: null,
  retrievalContext: null,
  expectedTools: null,
  toolsUsed: null,
  ...overrides,
});

test('a missing param makes the evaluation SKIPPED with the reason', (t) => {
  const verdict = scoreDeterministic('BLEU', inputs({ actualOutput: 'x' }));
  t.like(verdict, { kind: 'skipped', canRetry: false });
  t.regex((verdict as { error: string }).error, /expectedOutput/);
  t.like(scoreDeterministic('TOOL_CORRECTNESS', inputs({ toolsUsed: [] })), { kind: 'skipped' });
});
test('algorithm names are normalised; unknown ones are skipped', (t) => {
  t.like(scoreDeterministic('rouge-l', inputs({ actualOutput: 'a b', expectedOutput: 'a b' })), {
    kind: 'scored',
    score: 1,
  });
  t.like(scoreDeterministic('exactMatch', inputs({ actualOutput: 'a', expectedOutput: 'a' })), {
    kind: 'scored',
    score: 1,
  });
  t.like(scoreDeterministic('NOPE', inputs({})), { kind: 'skipped' });
});
