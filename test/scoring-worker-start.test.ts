import test from 'ava';
import { buildContainer, closeContainer } from '../bootstrap/container.ts';
import { loadConfig } from '../bootstrap/config.ts';
import { startScoringWorker } from '../bootstrap/scoring-worker.ts';
import { TOKENS } from '../bootstrap/tokens.ts';
import { pendingEvaluation } from './support/pending-evaluation.ts';

test('resolving the use cases starts no scoring; startScoringWorker does', async (t) => {
  const container = await buildContainer(loadConfig({}, { DATABASE_URL: 'memory', LOG_LEVEL: 'silent' }), new Date());
  try {
    await container.getAsync(TOKENS.useCases);
    await container.getAsync(TOKENS.httpApp);
    const ports = await container.getAsync(TOKENS.ports);
    const evaluation = await ports.evaluations.insert(
      pendingEvaluation({ id: 'evaluation_start', organizationId: 'organization_start' }),
    );
    await ports.jobQueue.enqueue([{ organizationId: evaluation.organizationId, evaluationId: evaluation.id }]);
    await new Promise((resolve) => setTimeout(resolve, 700));
    t.is((await ports.evaluations.get(null, evaluation.id))?.status, 'PENDING', 'nobody scored it');

    await startScoringWorker(container);
    const deadline = Date.now() + 10_000;
    let status = 'PENDING';
    while (status === 'PENDING' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await ports.evaluations.get(null, evaluation.id))?.status ?? 'missing';
    }
    t.is(status, 'SKIPPED', 'the started worker took it (its metric does not exist, so it is skipped)');
  } finally {
    await closeContainer(container);
  }
});
