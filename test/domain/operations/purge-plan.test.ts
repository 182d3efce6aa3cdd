import test from 'ava';
import { PURGE_PLAN, PURGED_RECORDS, type PurgedRecord } from '../../../domain/operations/purge-plan.ts';

// The purge plan's order is what makes a purge cut short safe: these are its rules, checked over the whole plan.
const ownStep = (record: PurgedRecord) => PURGE_PLAN.findIndex((step) => step.record === record && !step.under);
const lastStep = (record: PurgedRecord) => PURGE_PLAN.findLastIndex((step) => step.record === record);

test('every purged record has its own step, once', (t) => {
  for (const record of PURGED_RECORDS) {
    const own = PURGE_PLAN.filter((step) => step.record === record && !step.under);
    t.is(own.length, 1, record);
  }
});

test('what hangs under a parent goes before the parent itself', (t) => {
  for (const [index, step] of PURGE_PLAN.entries())
    if (step.under) t.true(index < ownStep(step.under.record), `${step.record} under ${step.under.record}`);
});

test('a record a live one keeps goes after every step of the records that keep it', (t) => {
  for (const [index, step] of PURGE_PLAN.entries())
    for (const reference of step.keptWhileReferencedBy ?? [])
      t.true(lastStep(reference.record) < index, `${step.record} kept by ${reference.record}.${reference.field}`);
});
