import 'reflect-metadata';
import { Container } from 'inversify';
import type { Config } from './config.ts';
import { settingsFrom } from './settings.ts';
import { coreModule } from './modules/core.module.ts';
import { queueModuleFor } from './modules/queue.module.ts';
import { memoryStorageModule, sqlStorageModule } from './modules/storage.module.ts';
import { TOKENS } from './tokens.ts';
import { rateLimitModuleFor } from './modules/rate-limit.module.ts';

/**
 * The container for a configuration (`DATABASE_URL=memory` keeps everything in process memory) in a process that
 * started at `startedAt`. Resolving it opens connections on first use and starts nothing: the entry point migrates and
 * starts the queue (`startServices`), the workers (`startScoringWorker`) and its listeners.
 */
export async function buildContainer(config: Config, startedAt: Date): Promise<Container> {
  const container = new Container();
  container.bind(TOKENS.config).toConstantValue(config);
  container.bind(TOKENS.settings).toConstantValue(settingsFrom(config, startedAt));
  await container.load(
    coreModule,
    config.DATABASE_URL === 'memory' ? memoryStorageModule : sqlStorageModule,
    queueModuleFor(config),
    rateLimitModuleFor(config),
  );
  return container;
}

/**
 * Releases everything the container opened. The sweeper and the job queue go first (a sweep's chunk and the jobs in
 * flight finish on an open database): `unbindAllAsync` alone runs every deactivation at once, closing the pool under
 * running work.
 */
export async function closeContainer(container: Container): Promise<void> {
  await container.unbindAsync(TOKENS.sweeper);
  await container.unbindAsync(TOKENS.monitorTicks);
  await container.unbindAsync(TOKENS.jobQueue);
  await container.unbindAllAsync();
}
