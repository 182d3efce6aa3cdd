// How a product's answer reads through the output mapping, and what makes a call failed.
import test from 'ava';
import { ANSWER_MAX_DEPTH, ANSWER_MAX_NODES } from '../../../domain/endpoint-connection/answer-json.ts';
import {
  type MappedAnswer,
  mapAnswer,
  RETRIEVAL_CONTEXT_LIMIT,
} from '../../../domain/endpoint-connection/product-turn.ts';
import type { OutputMapping } from '../../../domain/endpoint-connection/request-shape.ts';

/** A JSONPath reader for the tests: `$` then dotted member names. */
const select = (document: unknown, path: string): unknown[] => {
  let value = document;
  for (const name of path
    .replace(/^\$\.?/, '')
    .split('.')
    .filter(Boolean)) {
    if (typeof value !== 'object' || value === null || !(name in value)) return [];
    value = (value as Record<string, unknown>)[name];
  }
  return [value];
};

const answered = (body: unknown, status = 200) => ({ status, body: JSON.stringify(body), error: null });
const none = { retrievalContext: null, sessionId: null, inputTokens: null, outputTokens: null };
const failed = (error: string): MappedAnswer => ({ output: null, ...none, error });
const full: OutputMapping = {
  output: '$.answer',
  retrievalContext: '$.docs',
  sessionId: '$.conversation',
  inputTokens: '$.usage.in',
  outputTokens: '$.usage.out',
};

/** How an answer reads through the mapping, and what makes a call failed. */
const readings: {
  rule: string;
  answer: Parameters<typeof mapAnswer>[0];
  mapping?: OutputMapping;
  mapped: MappedAnswer;
}[] = [
  { rule: 'the output alone', answer: answered({ output: 'Hi' }), mapped: { output: 'Hi', ...none, error: null } },
  {
    rule: 'every mapped field',
    answer: answered({ answer: 'Hi', docs: ['a', 'b'], conversation: 'c-1', usage: { in: 12, out: 3 } }),
    mapping: full,
    mapped: {
      output: 'Hi',
      retrievalContext: ['a', 'b'],
      sessionId: 'c-1',
      inputTokens: 12,
      outputTokens: 3,
      error: null,
    },
  },
  {
    rule: 'values that are not text are read as JSON',
    answer: answered({ answer: { text: 'Hi' }, docs: [{ page: 1 }, 2], conversation: 42, usage: {} }),
    mapping: full,
    mapped: {
      output: '{"text":"Hi"}',
      retrievalContext: ['{"page":1}', '2'],
      sessionId: '42',
      inputTokens: null,
      outputTokens: null,
      error: null,
    },
  },
  {
    rule: 'one retrieved text is a list of one',
    answer: answered({ answer: 'Hi', docs: 'only' }),
    mapping: { output: '$.answer', retrievalContext: '$.docs' },
    mapped: { output: 'Hi', ...none, retrievalContext: ['only'], error: null },
  },
  {
    rule: 'a mapped context that matches nothing is an empty list',
    answer: answered({ answer: 'Hi' }),
    mapping: { output: '$.answer', retrievalContext: '$.docs' },
    mapped: { output: 'Hi', ...none, retrievalContext: [], error: null },
  },
  {
    rule: 'token counts that are not whole non-negative numbers are unknown',
    answer: answered({ answer: 'Hi', usage: { in: -1, out: 2.5 } }),
    mapping: full,
    mapped: { output: 'Hi', retrievalContext: [], sessionId: null, inputTokens: null, outputTokens: null, error: null },
  },
  {
    rule: 'an empty output is an answer',
    answer: answered({ output: '' }),
    mapped: { output: '', ...none, error: null },
  },
  {
    rule: 'a transport failure',
    answer: { status: null, body: '', error: 'connect ECONNREFUSED' },
    mapped: failed('connect ECONNREFUSED'),
  },
  { rule: 'no status and no reason', answer: { status: null, body: '', error: null }, mapped: failed('no answer') },
  {
    rule: 'a server error, even with an output',
    answer: answered({ output: 'Hi' }, 503),
    mapped: failed('the endpoint answered HTTP 503'),
  },
  { rule: 'a redirect', answer: answered({ output: 'Hi' }, 302), mapped: failed('the endpoint answered HTTP 302') },
  {
    rule: 'a body that is not JSON',
    answer: { status: 200, body: '<html>', error: null },
    mapped: failed('the answer is not JSON'),
  },
  {
    rule: 'an output path that matches nothing',
    answer: answered({ text: 'Hi' }),
    mapped: failed('outputMapping.output ($.output) matched nothing'),
  },
  {
    rule: 'an output that is null',
    answer: answered({ output: null }),
    mapped: failed('outputMapping.output ($.output) matched nothing'),
  },
  {
    rule: 'an answer nested deeper than the limit, refused before it is parsed',
    answer: {
      status: 200,
      body: `${'['.repeat(ANSWER_MAX_DEPTH + 1)}${']'.repeat(ANSWER_MAX_DEPTH + 1)}`,
      error: null,
    },
    mapped: failed(`the answer nests deeper than ${ANSWER_MAX_DEPTH} levels`),
  },
  {
    rule: 'an answer holding more values than the limit',
    answer: answered({ output: 'Hi', list: Array.from({ length: ANSWER_MAX_NODES }, () => 0) }),
    mapped: failed(`the answer holds more than ${ANSWER_MAX_NODES} JSON values`),
  },
  {
    rule: 'a retrieval context longer than its limit (selected texts repeat what they nest)',
    answer: answered({
      answer: 'Hi',
      docs: ['a', 'b', 'c'].map((letter) => letter.repeat(RETRIEVAL_CONTEXT_LIMIT / 2)),
    }),
    mapping: { output: '$.answer', retrievalContext: '$.docs' },
    mapped: failed(`outputMapping.retrievalContext selects more than ${RETRIEVAL_CONTEXT_LIMIT} characters`),
  },
];

for (const { rule, answer, mapping, mapped } of readings) {
  test(`mapped answer: ${rule}`, (t) => {
    t.deepEqual(mapAnswer(answer, mapping ?? { output: '$.output' }, select), mapped);
  });
}

test('mapped answer: a path over its evaluation budget fails the call with the reason', (t) => {
  const costly = (_document: unknown, path: string): unknown[] => {
    if (path === '$.docs') throw new Error('the path needs more than 100000 steps on this answer');
    return ['Hi'];
  };
  t.deepEqual(
    mapAnswer(answered({ answer: 'Hi' }), { output: '$.answer', retrievalContext: '$.docs' }, costly),
    failed('the output mapping could not be read: the path needs more than 100000 steps on this answer'),
  );
});
