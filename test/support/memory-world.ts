import { Re2PatternEngine } from '../../adapters/system/re2-pattern-engine.ts';
import { UnconfiguredGenerator } from '../../adapters/generation/openai-chat-generator.ts';
import { PdfjsTextExtractor } from '../../adapters/generation/pdfjs-text-extractor.ts';
import { UnconfiguredSimulator } from '../../adapters/simulator/openai-chat-simulator.ts';
import type { EvaluationJob, InferenceGenerationJob, LaunchJob } from '../../application/ports/job-queue.ts';
import type { Judges } from '../../application/ports/judge.ts';
import type { Ports } from '../../application/ports/ports.ts';
import type { Settings } from '../../application/ports/settings.ts';
import { createUseCases, type UseCases } from '../../application/use-cases.ts';
import { FixedClock } from '../../adapters/memory/fixed-clock.ts';
import { createMemoryStorage } from '../../adapters/memory/memory-storage.ts';
import { SequentialIdGenerator } from '../../adapters/memory/sequential-id-generator.ts';
import { HashingSecrets } from '../../adapters/system/hashing-secrets.ts';
import { RecordingJobQueue } from '../../adapters/memory/recording-job-queue.ts';
import { createJudges } from '../../adapters/judge/create-judges.ts';
import { AesGcmSecretBox } from '../../adapters/system/aes-gcm-secret-box.ts';
import { LiquidEndpointFormat } from '../../adapters/endpoint-connection/liquid-endpoint-format.ts';
import { HttpEndpointCaller } from '../../adapters/endpoint-connection/http-endpoint-caller.ts';
import { operationsPorts } from '../../bootstrap/modules/operations-ports.ts';
import { loadConfig } from '../../bootstrap/config.ts';
import { settingsFrom } from '../../bootstrap/settings.ts';
import { CountingSpanObserver } from '../../adapters/memory/counting-span-observer.ts';

export interface MemoryWorldOptions {
  /** Judges to use instead of the default ones (deterministic in process, LLM judge not configured). */
  readonly judges?: Partial<Judges>;
  /** What one LLM-judge evaluation costs (1 unless given). */
  readonly llmJudgeCredits?: number;
  /** Minutes a review claim holds (30 unless given). */
  readonly claimTtlMinutes?: number;
  /** The secret box's key; null means none is configured (a test key unless given). */
  readonly secretKey?: string | null;
  /** Deployment settings as the environment spells them, for the mail, marketplace and self-check ports (none unless given). */
  readonly settings?: Readonly<Record<string, string | number>>;
}

/** The key tests seal endpoint secrets with. */
export const TEST_SECRET_KEY = 'a'.repeat(64);

/** Use cases over memory adapters with a fixed clock and predictable ids: the application-test world. */
export function memoryWorld(options: MemoryWorldOptions = {}) {
  const clock = new FixedClock();
  const silent = { info() {}, warn() {}, error() {} };
  const jobQueue = new RecordingJobQueue();
  const spanIngestion = new CountingSpanObserver();
  const config = loadConfig(
    Object.fromEntries(Object.entries(options.settings ?? {}).map(([name, value]) => [name, `${value}`])),
  );
  const ports: Ports = {
    ...createMemoryStorage(),
    ...operationsPorts(config),
    jobQueue,
    judges: { ...createJudges({ timeoutMs: 1000 }), ...options.judges },
    spanIngestion,
    sweepObserver: { swept() {} },
    monitorObserver: { evaluationsQueued() {}, evaluationsScored() {}, alertChanged() {} },
    clock,
    ids: new SequentialIdGenerator(),
    secrets: new HashingSecrets(),
    patterns: new Re2PatternEngine(),
    secretBox: new AesGcmSecretBox(
      options.secretKey === undefined ? TEST_SECRET_KEY : (options.secretKey ?? undefined),
    ),
    endpointFormat: new LiquidEndpointFormat(),
    endpointCaller: new HttpEndpointCaller({ allowPrivateNetworks: true, baseRetryDelayMs: 10 }),
    simulator: new UnconfiguredSimulator(),
    generationModel: new UnconfiguredGenerator(),
    textExtractor: new PdfjsTextExtractor(),
    logger: silent,
  };
  const settings: Settings = {
    ...settingsFrom(config, new Date(clock.now())),
    buildInfo: { version: 'dev', commit: 'abc123', buildDate: '2026-01-01T00:00:00.000Z' },
    latestSdkVersionPublished: '2.0.0',
    minimumSdkVersionSupported: '1.5.0',
    newOrganizationCredits: 50,
    llmJudgeCredits: options.llmJudgeCredits ?? 1,
    simulatorTurnCredits: 1,
    generationCreditsPerTestCase: 1,
    generationMaxCalls: 50,
    claimTtlMinutes: options.claimTtlMinutes ?? 30,
  };
  return { ports, settings, clock, jobQueue, spanIngestion, useCases: createUseCases(ports, settings) };
}

/** The failure a broken port raises. */
export class ProvokedFailure extends Error {}

/** What the use cases of a world are made of. */
export interface UseCaseParts {
  readonly ports: Ports;
  readonly settings: Settings;
}

/**
 * The use cases of the same world, except that `method` of one port fails after `passes` successful calls: a
 * storage (or queue) failure provoked halfway through a use case, to show what a transaction leaves behind.
 */
export function breakingUseCases<K extends keyof Ports>(
  { ports, settings }: UseCaseParts,
  port: K,
  method: string,
  passes = 0,
): UseCases {
  const target = ports[port] as object;
  let calls = 0;
  const broken = new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      if (property !== method) return value.bind(object);
      return (...args: unknown[]) => {
        calls += 1;
        if (calls > passes) return Promise.reject(new ProvokedFailure(`${String(port)}.${method} failed`));
        return value.apply(object, args);
      };
    },
  });
  return createUseCases({ ...ports, [port]: broken }, settings);
}

const STORES = [
  'organizations',
  'subscriptions',
  'users',
  'apiKeys',
  'products',
  'versions',
  'specifications',
  'metrics',
  'datasets',
  'testCases',
  'sessions',
  'inferenceResults',
  'spans',
  'evaluations',
  'userGroups',
  'userGroupLinks',
  'endpointConnections',
  'runs',
  'launches',
  'inferenceGenerationItems',
  'marketplaceOperations',
] as const satisfies readonly (keyof Ports)[];

type Snapshot = { readonly [K in (typeof STORES)[number]]: Awaited<ReturnType<Ports[K]['list']>> } & {
  readonly jobs: readonly EvaluationJob[];
  readonly launchJobs: readonly LaunchJob[];
  readonly generationJobs: readonly InferenceGenerationJob[];
};

/** Every live record of every store and every job queued: equal snapshots mean nothing was written in between. */
export async function storeSnapshot(world: { ports: Ports; jobQueue: RecordingJobQueue }): Promise<Snapshot> {
  const records = await Promise.all(
    STORES.map(async (store) => [store, await world.ports[store].list(null, { limit: 1_000_000 })] as const),
  );
  const { jobs, launchJobs, generationJobs } = world.jobQueue;
  return {
    ...(Object.fromEntries(records) as Omit<Snapshot, 'jobs' | 'launchJobs' | 'generationJobs'>),
    jobs: [...jobs],
    launchJobs: [...launchJobs],
    generationJobs: [...generationJobs],
  };
}
