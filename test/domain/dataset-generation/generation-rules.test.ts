import test from 'ava';
import { chunkKnowledge } from '../../../domain/dataset-generation/knowledge-chunks.ts';
import { dedupKey, freshItems, qualityItem, scenarioItem } from '../../../domain/dataset-generation/generated-items.ts';
import { afterCall, type CallTally, stopReason, wrote } from '../../../domain/dataset-generation/stop-rules.ts';
import { cancelJob, type GenerationJob } from '../../../domain/dataset-generation/generation-job.ts';
import { IllegalTransition } from '../../../domain/errors.ts';

const tally = (changes: Partial<CallTally>): CallTally => ({
  held: 0,
  wanted: 10,
  calls: 0,
  maxCalls: 50,
  fruitlessInARow: 0,
  ...changes,
});

const stops: { rule: string; tally: CallTally; expected: string | null }[] = [
  {
    rule: 'goes on while short of the count',
    tally: tally({ held: 9, calls: 49, fruitlessInARow: 2 }),
    expected: null,
  },
  { rule: 'stops with enough test cases', tally: tally({ held: 10 }), expected: 'enough' },
  { rule: 'stops at GENERATION_MAX_CALLS', tally: tally({ calls: 50 }), expected: 'call_limit' },
  { rule: 'stops after three fruitless calls in a row', tally: tally({ fruitlessInARow: 3 }), expected: 'fruitless' },
];
for (const { rule, tally: given, expected } of stops)
  test(`stop rules: ${rule}`, (t) => t.is(stopReason(given) as string | null, expected));

test('stop rules: a call that adds something resets the fruitless count', (t) => {
  const fruitless = afterCall(afterCall(tally({}), 0), 0);
  t.is(fruitless.fruitlessInARow, 2);
  const fruitful = afterCall(wrote(fruitless, 1), 1);
  t.like(fruitful, { held: 1, calls: 3, fruitlessInARow: 0 });
});

test('dedup: inputs compared after trimming and case-folding; at most the room left', (t) => {
  const seen = new Set([dedupKey('Old question')]);
  const fresh = freshItems(['new one', ' OLD QUESTION ', 'New One', 'third', 'fourth'], seen, (item) => item, 2);
  t.deepEqual(fresh, ['new one', 'third']);
});

test('chunks: headings start chunks, paragraphs are packed to about the target, long ones split', (t) => {
  const text = ['# A', 'one', '', 'two', '', '## B', 'three', '', 'x'.repeat(50)].join('\n');
  t.deepEqual(chunkKnowledge(text, 30), ['# A\none\n\ntwo', '## B\nthree', 'x'.repeat(30), 'x'.repeat(20)]);
  t.deepEqual(chunkKnowledge('<h1>T</h1><p>a</p><h2>U</h2>b', 1000), ['<h1>T</h1><p>a</p>', '<h2>U</h2>b']);
  t.deepEqual(chunkKnowledge(' \n\n '), []);
});

test('scenario items need persona, goal, scenario and at least one criterion', (t) => {
  const item = { userPersona: 'p', goal: 'g', scenario: 's', stoppingCriterias: ['done'] };
  t.like(scenarioItem(item), { input: null });
  t.is(scenarioItem({ ...item, stoppingCriterias: [] }), null);
  t.is(scenarioItem({ ...item, goal: 3 }), null);
  t.is(scenarioItem([item]), null);
});

test('cancel: queued and active end cancelled, cancelled stays, completed and failed refuse', (t) => {
  const job = { state: 'queued', activeDatasetId: 'd', startedAt: null, finishedAt: null } as unknown as GenerationJob;
  for (const state of ['queued', 'active'] as const)
    t.like(cancelJob({ ...job, state }, 'now'), { state: 'cancelled', activeDatasetId: null, finishedAt: 'now' });
  const cancelled = { ...job, state: 'cancelled' as const };
  t.is(cancelJob(cancelled, 'later'), cancelled);
  for (const state of ['completed', 'failed'] as const)
    t.throws(() => cancelJob({ ...job, state }, 'now'), { instanceOf: IllegalTransition });
});

test('items from the model: NUL made storable, blank or missing fields dropped', (t) => {
  t.deepEqual(qualityItem({ input: ' a\0b ', expectedOutput: 'c' }), { input: 'a\uFFFDb', expectedOutput: 'c' });
  t.is(qualityItem({ input: '  ', expectedOutput: 'c' }), null);
  t.is(qualityItem({ input: 'a' }), null);
});
