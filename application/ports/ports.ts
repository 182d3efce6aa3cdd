import type { Metric } from '../../domain/catalog/metric.ts';
import type { Product } from '../../domain/catalog/product.ts';
import type { Specification } from '../../domain/catalog/specification.ts';
import type { Version } from '../../domain/catalog/version.ts';
import type { Dataset } from '../../domain/dataset/dataset.ts';
import type { TestCase } from '../../domain/dataset/test-case.ts';
import type { User } from '../../domain/identity/user.ts';
import type { Subscription } from '../../domain/organization/subscription.ts';
import type { ApiKeyStore } from './api-key-store.ts';
import type { BulkRecordStore } from './bulk-record-store.ts';
import type { Clock } from './clock.ts';
import type { IdGenerator } from './id-generator.ts';
import type { Logger } from './logger.ts';
import type { RecordStore } from './record-store.ts';
import type { Secrets } from './secrets.ts';
import type { Sequences } from './sequences.ts';
import type { UnitOfWork } from './unit-of-work.ts';
import type { Session } from '../../domain/tracing/session.ts';
import type { Launch } from '../../domain/run/launch.ts';
import type { Run } from '../../domain/run/run.ts';
import type { EvaluationStore } from './evaluation-store.ts';
import type { JobQueue } from './job-queue.ts';
import type { Judges } from './judge.ts';
import type { OrganizationStore } from './organization-store.ts';
import type { ReadinessProbe } from './readiness-probe.ts';
import type { InferenceResultStore, SpanStore } from './tracing-stores.ts';
import type { UserGroup } from '../../domain/review/user-group.ts';
import type { UserGroupLink } from '../../domain/review/user-group-link.ts';
import type { EndpointConnection } from '../../domain/endpoint-connection/endpoint-connection.ts';
import type { EndpointFormat } from './endpoint-format.ts';
import type { SecretBox } from './secret-box.ts';
import type { EndpointCaller } from './endpoint-caller.ts';
import type { ConversationSimulator } from './conversation-simulator.ts';
import type { InferenceGenerationItem } from '../../domain/inference-generation/inference-generation-item.ts';
import type { MarketplaceOperation } from '../../domain/organization/marketplace-operation.ts';
import type { MfaChallenge } from '../../domain/identity/mfa-challenge.ts';
import type { Mailer } from './mailer.ts';
import type { GenerationJob } from '../../domain/dataset-generation/generation-job.ts';
import type { KnowledgeFile } from '../../domain/dataset-generation/knowledge-file.ts';
import type { GenerationModel } from './generation-model.ts';
import type { TextExtractor } from './text-extractor.ts';
import type { MarketplaceTokens } from './marketplace.ts';
import type { Passwords } from './passwords.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { SelfCheckProbes } from './self-check.ts';
import type { SpanIngestionObserver } from './span-ingestion-observer.ts';
import type { SweepObserver } from './sweep-observer.ts';
import type { SweepStore } from './sweep-store.ts';
import type { ModelPrice } from '../../domain/cost/model-price.ts';
import type { Repricing } from '../../domain/cost/repricing.ts';
import type { CostLedger } from './cost-ledger.ts';
import type { PatternEngine } from './pattern-engine.ts';
import type { Monitor } from '../../domain/monitor/monitor.ts';
import type { MonitorSession } from '../../domain/monitor/monitor-session.ts';
import type { AlertRule } from '../../domain/monitor/alert-rule.ts';
import type { Alert } from '../../domain/monitor/alert.ts';
import type { MonitorObserver } from './monitor-observer.ts';

/** Every port the use cases may ask for; an adapter family supplies all of them. Settings travel apart (`Settings`). */
export interface Ports {
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly secrets: Secrets;
  readonly uow: UnitOfWork;
  readonly readiness: ReadinessProbe;
  readonly logger: Logger;
  readonly organizations: OrganizationStore;
  readonly subscriptions: RecordStore<Subscription>;
  readonly users: RecordStore<User>;
  readonly apiKeys: ApiKeyStore;
  readonly sequences: Sequences;
  readonly products: RecordStore<Product>;
  readonly versions: BulkRecordStore<Version>;
  readonly specifications: BulkRecordStore<Specification>;
  readonly metrics: RecordStore<Metric>;
  readonly datasets: BulkRecordStore<Dataset>;
  readonly testCases: BulkRecordStore<TestCase>;
  readonly sessions: BulkRecordStore<Session>;
  readonly inferenceResults: InferenceResultStore;
  readonly spans: SpanStore;
  readonly spanIngestion: SpanIngestionObserver;
  /** Deletes for good what outlived its retention or its soft deletion (the sweep only). */
  readonly sweeps: SweepStore;
  readonly sweepObserver: SweepObserver;
  readonly evaluations: EvaluationStore;
  readonly runs: RecordStore<Run>;
  readonly launches: BulkRecordStore<Launch>;
  readonly jobQueue: JobQueue;
  readonly judges: Judges;
  readonly userGroups: RecordStore<UserGroup>;
  readonly userGroupLinks: BulkRecordStore<UserGroupLink>;
  readonly endpointConnections: RecordStore<EndpointConnection>;
  readonly inferenceGenerationItems: BulkRecordStore<InferenceGenerationItem>;
  readonly generationJobs: RecordStore<GenerationJob>;
  readonly knowledgeFiles: RecordStore<KnowledgeFile>;
  readonly generationModel: GenerationModel;
  readonly textExtractor: TextExtractor;
  readonly secretBox: SecretBox;
  readonly endpointFormat: EndpointFormat;
  readonly endpointCaller: EndpointCaller;
  readonly marketplaceOperations: RecordStore<MarketplaceOperation>;
  readonly mfaChallenges: RecordStore<MfaChallenge>;
  readonly mailer: Mailer;
  readonly passwords: Passwords;
  readonly marketplaceTokens: MarketplaceTokens;
  /** Counts sign-in attempts per e-mail address (and failed ones per client address). */
  readonly signInLimiter: RateLimiter;
  readonly simulator: ConversationSimulator;
  /** The API's own dependencies and the downstream services, for GET /self-check. */
  readonly selfCheck: SelfCheckProbes;
  /** Model prices: an organization's own and platform-wide ones (organizationId null). */
  readonly modelPrices: RecordStore<ModelPrice>;
  readonly repricings: RecordStore<Repricing>;
  readonly costLedger: CostLedger;
  /** Runs models' match patterns in linear time. */
  readonly patterns: PatternEngine;
  readonly monitors: RecordStore<Monitor>;
  /** The once-only marks: a (monitor, session) pair is stored at most once (unique), and never deleted. */
  readonly monitorSessions: BulkRecordStore<MonitorSession>;
  readonly alertRules: BulkRecordStore<AlertRule>;
  readonly alerts: BulkRecordStore<Alert>;
  /** Counts what monitors queue and the alerts they open and recover (Prometheus). */
  readonly monitorObserver: MonitorObserver;
}

/** The ports an adapter family for storage supplies (memory, SQLite, PostgreSQL): everything but the system services. */
export type StoragePorts = Omit<
  Ports,
  | 'clock'
  | 'ids'
  | 'secrets'
  | 'logger'
  | 'spanIngestion'
  | 'sweepObserver'
  | 'jobQueue'
  | 'judges'
  | 'secretBox'
  | 'endpointFormat'
  | 'endpointCaller'
  | 'mailer'
  | 'passwords'
  | 'marketplaceTokens'
  | 'signInLimiter'
  | 'simulator'
  | 'generationModel'
  | 'textExtractor'
  | 'selfCheck'
  | 'patterns'
  | 'monitorObserver'
>;
