import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize';
import type { RateLimiter } from '../../application/ports/rate-limiter.ts';

/** Where the counts live: PostgreSQL or Redis share them between processes; memory keeps them per process. */
export type RateStore =
  | { readonly kind: 'postgres'; readonly sequelize: Sequelize }
  | { readonly kind: 'redis'; readonly client: Redis }
  | { readonly kind: 'memory' };

export interface RateRule {
  /** Names the counter family (`key`, `organization`, `failedAuth`), so families never share a count. */
  readonly name: string;
  readonly points: number;
  readonly durationSeconds: number;
}

/**
 * Request limits with rate-limiter-flexible: fixed windows of `durationSeconds` counted in the shared store, with
 * an in-memory limiter standing in while the store is out of reach (so an outage of the store never fails requests).
 */
export class FlexibleRateLimiter implements RateLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    store: RateStore,
    private readonly rule: RateRule,
  ) {
    const options = { points: rule.points, duration: rule.durationSeconds, keyPrefix: `assay:${rule.name}` };
    const insuranceLimiter = new RateLimiterMemory(options);
    if (store.kind === 'postgres')
      this.limiter = new RateLimiterPostgres({
        ...options,
        storeClient: store.sequelize,
        storeType: 'sequelize',
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false, // its timer would start in the constructor: ExpiredRateSweep sweeps instead
        insuranceLimiter,
      });
    else if (store.kind === 'redis')
      this.limiter = new RateLimiterRedis({ ...options, storeClient: store.client, insuranceLimiter });
    else this.limiter = insuranceLimiter;
  }

  async consume(key: string) {
    try {
      return this.decision(await this.limiter.consume(key), true);
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return this.decision(refused, false);
      throw refused;
    }
  }

  /** The state of `key`'s window without counting a request. */
  async peek(key: string) {
    const state = await this.limiter.get(key);
    if (!state) return { allowed: true, limit: this.rule.points, remaining: this.rule.points, resetSeconds: 1 };
    return this.decision(state, state.consumedPoints < this.rule.points);
  }

  private decision(state: RateLimiterRes, allowed: boolean) {
    return {
      allowed,
      limit: this.rule.points,
      remaining: Math.max(0, this.rule.points - state.consumedPoints),
      resetSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
    };
  }
}
