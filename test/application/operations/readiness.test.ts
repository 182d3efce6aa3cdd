import test from 'ava';
import type { ReadinessProbe } from '../../../application/ports/readiness-probe.ts';
import { createUseCases } from '../../../application/use-cases.ts';
import { Unavailable } from '../../../domain/errors.ts';
import { memoryWorld } from '../../support/memory-world.ts';

/** A storage that reports these problems, as a database behind its schema or out of reach would. */
const storageReporting = (problems: readonly string[]): ReadinessProbe => ({ check: async () => problems });

test('ready when the storage reports no problem', async (t) => {
  const { useCases } = memoryWorld();
  t.deepEqual(await useCases.checkReadiness.execute(), { status: 'ready' });
});

/** Not ready: Unavailable, retried after a few seconds, naming every problem in the operator's words. */
const problems: { rule: string; reported: string[]; message: string }[] = [
  {
    rule: 'a schema behind the code',
    reported: ['the schema is at migration 0007, this code expects 0009: run npm run migrate'],
    message: 'Not ready: the schema is at migration 0007, this code expects 0009: run npm run migrate',
  },
  {
    rule: 'several problems, all named',
    reported: ['the database does not answer', 'the queue does not answer'],
    message: 'Not ready: the database does not answer; the queue does not answer',
  },
];

for (const { rule, reported, message } of problems) {
  test(`not ready: ${rule}`, async (t) => {
    const { ports, settings } = memoryWorld();
    const { checkReadiness } = createUseCases({ ...ports, readiness: storageReporting(reported) }, settings);
    const error = await t.throwsAsync(checkReadiness.execute(), { instanceOf: Unavailable, message });
    t.is(error?.retryAfterSeconds, 5);
  });
}

test('readiness follows the storage: ready again once its problem is solved', async (t) => {
  const { ports, settings } = memoryWorld();
  let problems = ['the database does not answer'];
  const { checkReadiness } = createUseCases({ ...ports, readiness: { check: async () => problems } }, settings);
  await t.throwsAsync(checkReadiness.execute(), { code: 'unavailable' });
  problems = [];
  t.deepEqual(await checkReadiness.execute(), { status: 'ready' });
});
