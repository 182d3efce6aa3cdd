import type { Ports } from '../../application/ports/ports.ts';
import { createUseCases } from '../../application/use-cases.ts';
import { FixedClock } from '../../adapters/memory/fixed-clock.ts';
import { createMemoryStorage } from '../../adapters/memory/memory-storage.ts';
import { SequentialIdGenerator } from '../../adapters/memory/sequential-id-generator.ts';
import { HashingSecrets } from '../../adapters/system/hashing-secrets.ts';
import { RecordingJobQueue } from '../../adapters/memory/recording-job-queue.ts';
import { createJudges } from '../../adapters/judge/create-judges.ts';

/** Use cases over memory adapters with a fixed clock and predictable ids: the application-test world. */
export function memoryWorld() {
  const clock = new FixedClock();
  const silent = { info() {}, warn() {}, error() {} };
  const jobQueue = new RecordingJobQueue();
  const ports: Ports = {
    ...createMemoryStorage(),
    jobQueue,
    judges: createJudges({ timeoutMs: 1000 }),
    evaluationSettings: { llmJudgeCredits: 1 },
    clock,
    ids: new SequentialIdGenerator(),
    secrets: new HashingSecrets(),
    logger: silent,
    deployment: {
      buildInfo: { version: 'dev', commit: 'abc123', buildDate: '2026-01-01T00:00:00.000Z' },
      latestSdkVersionPublished: '2.0.0',
      minimumSdkVersionSupported: '1.5.0',
      newOrganizationCredits: 50,
    },
  };
  return { ports, clock, jobQueue, useCases: createUseCases(ports) };
}
