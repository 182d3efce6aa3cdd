import test from 'ava';
import { query } from 'jsonpath-rfc9535';
import { LiquidEndpointFormat } from '../../../adapters/endpoint-connection/liquid-endpoint-format.ts';
import { TEMPLATE_BUDGET, TemplateOverBudget } from '../../../adapters/endpoint-connection/template-budget.ts';

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

test('other paths are evaluated within their budget; a template parsed once renders each call with its own variables', (t) => {
  t.deepEqual(format.select({ items: [{ a: 1 }, { a: 2 }] }, '$.items[*].a'), [1, 2]);
  t.deepEqual(format.select({ 'odd key': 3 }, "$['odd key']"), [3]);
  const template = '{"message": {{ input.user_message | json }}}';
  t.is(format.render(template, { input: { user_message: 'one' } }), '{"message": "one"}');
  t.is(format.render(template, { input: { user_message: 'two' } }), '{"message": "two"}');
});

const loops = (bound: string) =>
  `{% for a in (1..${bound}) %}{% for b in (1..${bound}) %}{{ b }}{% endfor %}{% endfor %}{{ input.user_message }}`;

test('a render stops at its budget: steps (or the clock), allocated characters, output length', (t) => {
  const message = 'x'.repeat(300);
  const steps = t.throws(() => format.render(loops('input.user_message.size'), { input: { user_message: message } }), {
    instanceOf: TemplateOverBudget,
  });
  t.regex(steps.message, /template budget of (10000 steps|1000 ms)/);
  const memory = t.throws(() => format.render('{% for a in (1..3000000) %}{% endfor %}{{ input }}', { input: 'x' }), {
    instanceOf: TemplateOverBudget,
  });
  t.regex(memory.message, new RegExp(`allocates more than the template budget of ${TEMPLATE_BUDGET.memory}`));
  const output = t.throws(
    () => format.render('{{ input }}{{ input }}', { input: 'x'.repeat(TEMPLATE_BUDGET.output / 2 + 1) }),
    { instanceOf: TemplateOverBudget },
  );
  t.regex(output.message, /renders more than 1000000 characters/);
  t.is(format.render(loops('3'), { input: { user_message: 'ok' } }), '123123123ok');
});

test('a template over its budget for the first turn is refused when saved; one that depends on the input is not', (t) => {
  t.regex(format.templateProblem(loops('100000')) ?? '', /template budget/);
  t.is(format.templateProblem(loops('input.user_message.size')), null);
  t.regex(format.templateProblem("{% include 'other' %}") ?? '', /cannot include, render or lay out/);
});

test('a path saved before the rules fails the read that uses it, saying which rule', (t) => {
  t.regex(format.pathRuleBroken('$..*..*') ?? '', /at most one descendant segment/);
  t.throws(() => format.select([[1]], '$..*..*'), {
    message: /\$\.\.\*\.\.\* may hold at most one descendant segment/,
  });
  t.deepEqual(format.select({ a: [{ b: 1 }, { b: 2 }] }, '$..b'), [1, 2]);
});
