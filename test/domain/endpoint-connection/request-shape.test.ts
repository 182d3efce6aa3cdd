import test from 'ava';
import {
  checkOutputMapping,
  checkPath,
  checkTemplate,
  type OutputMapping,
  PATH_LIMIT,
  TEMPLATE_LIMIT,
} from '../../../domain/endpoint-connection/request-shape.ts';
import { IssueCollector } from '../../../domain/errors.ts';
import { toySyntax } from './toy-syntax.ts';

const found = (check: (issues: IssueCollector) => void): string[] => {
  const issues = new IssueCollector();
  check(issues);
  return issues.issues.map((issue) => `${issue.path}: ${issue.message}`);
};

/** Which request templates a connection may save, and why the others are refused. */
const templates: { rule: string; template: string; problem: RegExp | null }[] = [
  { rule: "a template using the turn's input", template: '{"m": {{ input.user_message }}}', problem: null },
  {
    rule: 'a template also using the history and the turn',
    template: '{"m": {{ input.user_message }}, "h": {{ history }}, "n": {{ turn }}}',
    problem: null,
  },
  { rule: "a template that never uses the user's message", template: '{"m": {{ turn }}}', problem: /never uses/ },
  { rule: 'a fixed body', template: '{"m": "hi"}', problem: /never uses/ },
  { rule: 'a template that does not parse', template: '{"m": {{ input }', problem: /not a valid template/ },
  {
    rule: `a template over ${TEMPLATE_LIMIT} characters, refused before it is parsed`,
    template: `{{ input }}${' '.repeat(TEMPLATE_LIMIT)}`,
    problem: /at most 100000 characters/,
  },
  {
    rule: `a template of ${TEMPLATE_LIMIT} characters, the most`,
    template: `{{ input }}${' '.repeat(TEMPLATE_LIMIT - 11)}`,
    problem: null,
  },
];

for (const { rule, template, problem } of templates) {
  test(`input template: ${rule}`, (t) => {
    const issues = found((collector) => checkTemplate(collector, toySyntax, template));
    if (problem === null) t.deepEqual(issues, []);
    else {
      t.is(issues.length, 1, issues.join('; '));
      t.regex(issues[0], /^inputTemplate: /);
      t.regex(issues[0], problem);
    }
  });
}

/** Which JSONPath expressions a mapping or an end rule may hold. */
const paths: { rule: string; value: unknown; problem: RegExp | null }[] = [
  { rule: 'a path', value: '$.answer.text', problem: null },
  { rule: 'not a string', value: 42, problem: /must be a JSONPath expression/ },
  { rule: 'an empty string', value: '', problem: /must be a JSONPath expression/ },
  { rule: 'a path the syntax refuses', value: 'answer.text', problem: /not a valid JSONPath expression: must start/ },
  { rule: 'a well-formed path that breaks a rule', value: '$..a..b', problem: /breaks a JSONPath rule: may hold/ },
  { rule: `a path of ${PATH_LIMIT} characters, the most`, value: `$.${'a'.repeat(PATH_LIMIT - 2)}`, problem: null },
  { rule: `a path over ${PATH_LIMIT} characters`, value: `$.${'a'.repeat(PATH_LIMIT - 1)}`, problem: /at most 1000/ },
];

for (const { rule, value, problem } of paths) {
  test(`JSONPath: ${rule}`, (t) => {
    const issues = found((collector) => checkPath(collector, toySyntax, 'somewhere', value));
    if (problem === null) t.deepEqual(issues, []);
    else {
      t.is(issues.length, 1);
      t.regex(issues[0], /^somewhere: /);
      t.regex(issues[0], problem);
    }
  });
}

/** Which output mappings a connection may save: the fields the issues name. */
const mappings: { rule: string; mapping: Record<string, unknown>; issues: string[] }[] = [
  { rule: 'the output alone', mapping: { output: '$.output' }, issues: [] },
  {
    rule: 'every field',
    mapping: {
      output: '$.a',
      retrievalContext: '$.docs',
      sessionId: '$.id',
      inputTokens: '$.usage.in',
      outputTokens: '$.usage.out',
    },
    issues: [],
  },
  { rule: 'no output', mapping: { sessionId: '$.id' }, issues: ['outputMapping.output'] },
  { rule: 'an output that is no path', mapping: { output: 'text' }, issues: ['outputMapping.output'] },
  {
    rule: 'a field the mapping does not know',
    mapping: { output: '$.a', score: '$.s' },
    issues: ['outputMapping.score'],
  },
  {
    rule: 'every bad field at once',
    mapping: { output: '', sessionId: 'id', inputTokens: 7, extra: '$.x' },
    issues: ['outputMapping.extra', 'outputMapping.output', 'outputMapping.sessionId', 'outputMapping.inputTokens'],
  },
];

for (const { rule, mapping, issues } of mappings) {
  test(`output mapping: ${rule}`, (t) => {
    const collector = new IssueCollector();
    checkOutputMapping(collector, toySyntax, mapping as unknown as OutputMapping);
    t.deepEqual(
      collector.issues.map((issue) => issue.path),
      issues,
    );
  });
}
