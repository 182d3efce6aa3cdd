import test from 'ava';
import {
  type ConversationEndRule,
  checkEndRules,
  MAX_END_RULES,
  matchingEndRule,
} from '../../../domain/endpoint-connection/end-rules.ts';
import { IssueCollector } from '../../../domain/errors.ts';
import { toySyntax } from './toy-syntax.ts';

/** Which end rules a connection may save: the paths of the issues each set of rules raises. */
const checks: { rule: string; rules: ConversationEndRule[]; issues: string[] }[] = [
  { rule: 'no rules at all', rules: [], issues: [] },
  { rule: 'a status alone', rules: [{ statusCode: 204 }], issues: [] },
  {
    rule: 'a status with a path, and one with a path and a value',
    rules: [
      { statusCode: 200, jsonPath: '$.done' },
      { statusCode: 200, jsonPath: '$.state', equals: 'closed' },
    ],
    issues: [],
  },
  { rule: 'a status below 100', rules: [{ statusCode: 99 }], issues: ['conversationEndRules.0.statusCode'] },
  { rule: 'a status above 599', rules: [{ statusCode: 600 }], issues: ['conversationEndRules.0.statusCode'] },
  {
    rule: 'a status that is no integer',
    rules: [{ statusCode: 200.5 }],
    issues: ['conversationEndRules.0.statusCode'],
  },
  {
    rule: 'a value to compare without a path to read it',
    rules: [{ statusCode: 200, equals: true }],
    issues: ['conversationEndRules.0.equals'],
  },
  {
    rule: 'a null path is no path: its value has nothing to compare with',
    rules: [{ statusCode: 200, jsonPath: null, equals: 1 }],
    issues: ['conversationEndRules.0.equals'],
  },
  {
    rule: 'an empty path',
    rules: [{ statusCode: 200, jsonPath: '' }],
    issues: ['conversationEndRules.0.jsonPath'],
  },
  {
    rule: 'a path the JSONPath syntax refuses',
    rules: [{ statusCode: 200, jsonPath: 'done' }],
    issues: ['conversationEndRules.0.jsonPath'],
  },
  {
    rule: 'a path over 1000 characters',
    rules: [{ statusCode: 200, jsonPath: `$.${'a'.repeat(999)}` }],
    issues: ['conversationEndRules.0.jsonPath'],
  },
  {
    rule: 'each rule is named by its place',
    rules: [{ statusCode: 200 }, { statusCode: 1 }, { statusCode: 200, jsonPath: 'x' }],
    issues: ['conversationEndRules.1.statusCode', 'conversationEndRules.2.jsonPath'],
  },
  {
    rule: `${MAX_END_RULES} rules, the most`,
    rules: Array.from({ length: MAX_END_RULES }, () => ({ statusCode: 200 })),
    issues: [],
  },
  {
    rule: `${MAX_END_RULES + 1} rules: refused as a whole, before any rule is read`,
    rules: Array.from({ length: MAX_END_RULES + 1 }, () => ({ statusCode: 1 })),
    issues: ['conversationEndRules'],
  },
];

for (const { rule, rules, issues } of checks) {
  test(`end rules are checked: ${rule}`, (t) => {
    const collector = new IssueCollector();
    checkEndRules(collector, toySyntax, rules);
    t.deepEqual(
      collector.issues.map((issue) => issue.path),
      issues,
    );
  });
}

/** An answer's JSON, read by path as the adapter's JSONPath would: what each path matches. */
const answer = {
  '$.state': ['closed'],
  '$.done': [false],
  '$.handoff': [{ to: 'human', queue: 2 }],
  '$.tags[*]': ['a', 'b'],
  '$.tags': [['a', 'b']],
  '$.nothing': [],
} as Record<string, unknown[]>;
const select = (path: string) => answer[path] ?? [];

/** Which rule (by its place) ends the conversation, for an answer with this status and `answer` as its body. */
const matches: { rule: string; rules: ConversationEndRule[]; status: number; ends: number | null }[] = [
  { rule: 'no rules: nothing ends it', rules: [], status: 200, ends: null },
  { rule: 'a status rule meets its status', rules: [{ statusCode: 200 }], status: 200, ends: 0 },
  { rule: 'a status rule ignores another status', rules: [{ statusCode: 204 }], status: 200, ends: null },
  { rule: 'a path that matches something', rules: [{ statusCode: 200, jsonPath: '$.state' }], status: 200, ends: 0 },
  {
    rule: 'a path that matches a false value still matches',
    rules: [{ statusCode: 200, jsonPath: '$.done' }],
    status: 200,
    ends: 0,
  },
  {
    rule: 'a path that matches nothing',
    rules: [{ statusCode: 200, jsonPath: '$.nothing' }],
    status: 200,
    ends: null,
  },
  {
    rule: 'a path and a value it equals',
    rules: [{ statusCode: 200, jsonPath: '$.state', equals: 'closed' }],
    status: 200,
    ends: 0,
  },
  {
    rule: 'a path and a value it does not equal',
    rules: [{ statusCode: 200, jsonPath: '$.state', equals: 'open' }],
    status: 200,
    ends: null,
  },
  {
    rule: 'equal is equal JSON: false is not null, nor "false"',
    rules: [
      { statusCode: 200, jsonPath: '$.done', equals: null },
      { statusCode: 200, jsonPath: '$.done', equals: 'false' },
      { statusCode: 200, jsonPath: '$.done', equals: false },
    ],
    status: 200,
    ends: 2,
  },
  {
    rule: 'an object value compares as a whole',
    rules: [
      { statusCode: 200, jsonPath: '$.handoff', equals: { to: 'human' } },
      { statusCode: 200, jsonPath: '$.handoff', equals: { to: 'human', queue: 2 } },
    ],
    status: 200,
    ends: 1,
  },
  {
    rule: "an object's member order does not matter; an array's does",
    rules: [
      { statusCode: 200, jsonPath: '$.tags', equals: ['b', 'a'] },
      { statusCode: 200, jsonPath: '$.handoff', equals: { queue: 2, to: 'human' } },
    ],
    status: 200,
    ends: 1,
  },
  {
    rule: 'any of several matches may equal the value',
    rules: [{ statusCode: 200, jsonPath: '$.tags[*]', equals: 'b' }],
    status: 200,
    ends: 0,
  },
  {
    rule: 'the first rule met wins',
    rules: [{ statusCode: 500 }, { statusCode: 200, jsonPath: '$.state' }, { statusCode: 200 }],
    status: 200,
    ends: 1,
  },
  {
    rule: 'the path is read only when the status is met',
    rules: [{ statusCode: 404, jsonPath: '$.state' }],
    status: 200,
    ends: null,
  },
];

for (const { rule, rules, status, ends } of matches) {
  test(`end rules end a conversation: ${rule}`, (t) => {
    t.is(matchingEndRule(rules, { status }, select), ends === null ? null : rules[ends]);
  });
}
