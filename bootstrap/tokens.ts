import type { ServiceIdentifier } from 'inversify';
import type pino from 'pino';
import type Koa from 'koa';
import type { Ports, StoragePorts } from '../application/ports/ports.ts';
import type { Settings } from '../application/ports/settings.ts';
import type { UseCases } from '../application/use-cases.ts';
import type { DatabaseHandle } from '../adapters/sequelize/support/database.ts';
import type { RunnableJobQueue } from '../adapters/queue/job-runner.ts';
import type { Config } from './config.ts';
import type { Redis } from 'ioredis';
import type { RateLimiters } from './modules/rate-limit.module.ts';
import type { PlatformMetrics } from '../adapters/metrics/prometheus-metrics.ts';
import type { MonitorTicks } from './periodic-task.ts';
import type { PeriodicSweep } from './periodic-sweep.ts';
import type { ExpiredRateSweep } from '../adapters/rate-limit/expired-rate-sweep.ts';

/** One typed identifier per thing the container builds. */
export const TOKENS = {
  config: Symbol.for('assay.config') as ServiceIdentifier<Config>,
  settings: Symbol.for('assay.settings') as ServiceIdentifier<Settings>,
  pino: Symbol.for('assay.pino') as ServiceIdentifier<pino.Logger>,
  database: Symbol.for('assay.database') as ServiceIdentifier<DatabaseHandle>,
  storage: Symbol.for('assay.storage') as ServiceIdentifier<StoragePorts>,
  ports: Symbol.for('assay.ports') as ServiceIdentifier<Ports>,
  useCases: Symbol.for('assay.useCases') as ServiceIdentifier<UseCases>,
  httpApp: Symbol.for('assay.httpApp') as ServiceIdentifier<Koa>,
  jobQueue: Symbol.for('assay.jobQueue') as ServiceIdentifier<RunnableJobQueue>,
  rateLimiters: Symbol.for('assay.rateLimiters') as ServiceIdentifier<RateLimiters>,
  redis: Symbol.for('assay.redis') as ServiceIdentifier<Redis>,
  metrics: Symbol.for('assay.metrics') as ServiceIdentifier<PlatformMetrics>,
  rateSweep: Symbol.for('assay.rateSweep') as ServiceIdentifier<ExpiredRateSweep>,
  sweeper: Symbol.for('assay.sweeper') as ServiceIdentifier<PeriodicSweep>,
  monitorTicks: Symbol.for('assay.monitorTicks') as ServiceIdentifier<MonitorTicks>,
};
