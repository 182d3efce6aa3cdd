import test from 'ava';
import { query } from 'jsonpath-rfc9535';
import { LiquidEndpointFormat } from '../../../adapters/endpoint-connection/liquid-endpoint-format.ts';

const format = new LiquidEndpointFormat();

test('a shorthand path selects what the RFC 9535 library selects', (t) => {
  const documents = [
    { answer: { text: 'hi', n: null }, list: [1, 2] },
    { answer: 'flat' },
    { answer: { text: { deep: true } } },
    [{ answer: 1 }],
    'text',
    null,
    { __proto__: { text: 'inherited' } },
    JSON.parse('{"__proto__": {"text": "own"}}'),
  ];
  const paths = [
    '$.answer.text',
    '$.answer',
    '$.answer.n',
    '$.list',
    '$.list.length',
    '$.missing.text',
    '$.__proto__.text',
  ];
  for (const document of documents)
    for (const path of paths)
      t.deepEqual(
        format.select(document, path),
        query(document as never, path),
        `${path} on ${JSON.stringify(document)}`,
      );
});

test('other paths go to the library; a template parsed once renders each call with its own variables', (t) => {
  t.deepEqual(format.select({ items: [{ a: 1 }, { a: 2 }] }, '$.items[*].a'), [1, 2]);
  t.deepEqual(format.select({ 'odd key': 3 }, "$['odd key']"), [3]);
  const template = '{"message": {{ input.user_message | json }}}';
  t.is(format.render(template, { input: { user_message: 'one' } }), '{"message": "one"}');
  t.is(format.render(template, { input: { user_message: 'two' } }), '{"message": "two"}');
});
