import { ContainerModule } from 'inversify';
import { Redis } from 'ioredis';
import type { RateLimiter } from '../../application/ports/rate-limiter.ts';
import { ExpiredRateSweep } from '../../adapters/rate-limit/expired-rate-sweep.ts';
import { FlexibleRateLimiter, type RateStore } from '../../adapters/rate-limit/flexible-rate-limiter.ts';
import { RateStoreHealth } from '../../adapters/rate-limit/rate-store-health.ts';
import type { DatabaseHandle } from '../../adapters/sequelize/support/database.ts';
import type { Config } from '../config.ts';
import { TOKENS } from '../tokens.ts';

const REDIS_CONNECT_WAIT_MS = 3000;

/** Every request limit of a process, counted in the store the deployment shares. */
export interface RateLimiters {
  /** Per API key; absent when RATE_LIMIT_PER_MINUTE is 0. */
  readonly perKey?: RateLimiter;
  /** Per organization, all its keys together; absent when RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE is 0. */
  readonly perOrganization?: RateLimiter;
  /** Failed authentications per client address; absent when FAILED_AUTH_PER_MINUTE is 0. */
  readonly failedAuth?: RateLimiter;
  /** Failed sign-ins per client address; absent when SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR is 0. */
  readonly failedSignIn?: RateLimiter;
  /** Sign-in attempts per e-mail address. */
  readonly signIn: RateLimiter;
  /** Why the shared store is not counting now (limits are then per process); null while it is, or without one. */
  degradation(): string | null;
}

function limiters(config: Config, store: RateStore): RateLimiters {
  const health = store.kind === 'memory' ? null : (store.health ?? null);
  const limit = (name: string, points: number, durationSeconds = 60) =>
    points > 0 ? new FlexibleRateLimiter(store, { name, points, durationSeconds }) : undefined;
  return {
    perKey: limit('key', config.RATE_LIMIT_PER_MINUTE),
    perOrganization: limit('organization', config.RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE),
    failedAuth: limit('failedAuth', config.FAILED_AUTH_PER_MINUTE),
    failedSignIn: limit('failedSignIn', config.SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR, 3600),
    signIn: new FlexibleRateLimiter(store, {
      name: 'signIn',
      points: config.SIGN_IN_ATTEMPTS_PER_HOUR,
      durationSeconds: 3600,
    }),
    degradation: () => health?.degradation() ?? null,
  };
}

/**
 * Where rate limits are counted: Redis when REDIS_URL is set, else PostgreSQL when the database is PostgreSQL (both
 * shared by every process of the deployment; on PostgreSQL with a sweep of expired windows, which the entry point
 * starts), else process memory.
 */
export function rateLimitModuleFor(config: Config): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (config.REDIS_URL) {
      const redisUrl = config.REDIS_URL;
      bind(TOKENS.redis)
        .toDynamicValue(async () => {
          // Without an offline queue a command fails at once while Redis is away (the in-memory insurance counts
          // then); so start-up waits briefly for the first connection.
          // A command unanswered for a second fails (the limiters stopped waiting for it long before: RateStoreHealth).
          const client = new Redis(redisUrl, {
            enableOfflineQueue: false,
            maxRetriesPerRequest: 1,
            commandTimeout: 1000,
          });
          client.on('error', () => {});
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, REDIS_CONNECT_WAIT_MS);
            client.once('ready', () => {
              clearTimeout(timer);
              resolve();
            });
          });
          return client;
        })
        .inSingletonScope()
        .onDeactivation(async (client) => {
          await client.quit().catch(() => client.disconnect());
        });
      bind(TOKENS.rateLimiters)
        .toResolvedValue(
          (client: Redis) => limiters(config, { kind: 'redis', client, health: new RateStoreHealth('Redis') }),
          [TOKENS.redis],
        )
        .inSingletonScope();
    } else if (/^postgres(ql)?:/.test(config.DATABASE_URL)) {
      bind(TOKENS.rateLimiters)
        .toResolvedValue(
          (database: DatabaseHandle) =>
            limiters(config, {
              kind: 'postgres',
              sequelize: database.sequelize,
              health: new RateStoreHealth('PostgreSQL'),
            }),
          [TOKENS.database],
        )
        .inSingletonScope();
      bind(TOKENS.rateSweep)
        .toResolvedValue((database: DatabaseHandle) => new ExpiredRateSweep(database.sequelize), [TOKENS.database])
        .inSingletonScope()
        .onDeactivation((sweep) => sweep.stop());
    } else {
      bind(TOKENS.rateLimiters).toConstantValue(limiters(config, { kind: 'memory' }));
    }
  });
}
