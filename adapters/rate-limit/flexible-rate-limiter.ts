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
import { type CountedWindow, countPair } from './postgres-rate-pair.ts';
import { RateStoreHealth } from './rate-store-health.ts';

/** Where the counts live: PostgreSQL or Redis share them between processes; memory keeps them per process. */
export type RateStore =
  | { readonly kind: 'postgres'; readonly sequelize: Sequelize; readonly health?: RateStoreHealth }
  | { readonly kind: 'redis'; readonly client: Redis; readonly health?: RateStoreHealth }
  | { readonly kind: 'memory' };

export interface RateRule {
  /** Names the counter family (`key`, `organization`, `failedAuth`), so families never share a count. */
  readonly name: string;
  readonly points: number;
  readonly durationSeconds: number;
}

/**
 * Request limits with rate-limiter-flexible: fixed windows of `durationSeconds` counted in the shared store. Every
 * call to the store has a deadline (`RateStoreHealth`); while the store fails or stalls, an in-memory limiter counts
 * instead, so an outage or a stall of the store never fails nor holds up requests.
 */
export class FlexibleRateLimiter implements RateLimiter {
  private readonly shared: RateLimiterAbstract | null;
  private readonly memory: RateLimiterMemory;
  private readonly health: RateStoreHealth;
  /** PostgreSQL: where the paired count (`consumeThen`) is one statement. */
  private readonly sequelize: Sequelize | null;

  constructor(
    store: RateStore,
    private readonly rule: RateRule,
  ) {
    this.sequelize = store.kind === 'postgres' ? store.sequelize : null;
    const options = { points: rule.points, duration: rule.durationSeconds, keyPrefix: `assay:${rule.name}` };
    this.memory = new RateLimiterMemory(options);
    this.health = (store.kind !== 'memory' && store.health) || new RateStoreHealth(store.kind);
    if (store.kind === 'postgres')
      this.shared = new RateLimiterPostgres({
        ...options,
        storeClient: store.sequelize,
        storeType: 'sequelize',
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false, // its timer would start in the constructor: ExpiredRateSweep sweeps instead
      });
    else if (store.kind === 'redis') this.shared = new RateLimiterRedis({ ...options, storeClient: store.client });
    else this.shared = null;
  }

  async consume(key: string) {
    try {
      return this.decision(await this.counted((limiter) => limiter.consume(key)), true);
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return this.decision(refused, false);
      throw refused;
    }
  }

  /**
   * Counts `key`, then `nextKey` against `next` when `key` was allowed. Two limiters over the same PostgreSQL store
   * (and its health) count both in one statement (`countPair`), with the memory fallback of `consume` when the store
   * fails or stalls; any other pair counts one after the other.
   */
  async consumeThen(key: string, next: RateLimiter, nextKey: string) {
    type Decision = Awaited<ReturnType<RateLimiter['consume']>>;
    const sequelize = this.sequelize;
    const shared =
      next instanceof FlexibleRateLimiter && sequelize && next.sequelize === sequelize && next.health === this.health;
    if (!shared) {
      const first = await this.consume(key);
      return [first, first.allowed ? await next.consume(nextKey) : null] as [Decision, Decision | null];
    }
    const counted = (limiter: FlexibleRateLimiter, window: CountedWindow) =>
      limiter.decision(
        new RateLimiterRes(0, Math.max(0, window.expiresAt - Date.now()), window.consumed),
        window.consumed <= limiter.rule.points,
      );
    const inMemory = async (): Promise<[Decision, Decision | null]> => {
      const first = await this.decided(this.memory, key);
      return [first, first.allowed ? await next.decided(next.memory, nextKey) : null];
    };
    return this.health.guard(async (): Promise<[Decision, Decision | null]> => {
      const windows = await countPair(
        sequelize,
        { key: this.storedKey(key), points: this.rule.points, durationSeconds: this.rule.durationSeconds },
        { key: next.storedKey(nextKey), points: next.rule.points, durationSeconds: next.rule.durationSeconds },
      );
      return [counted(this, windows.first), windows.second ? counted(next, windows.second) : null];
    }, inMemory);
  }

  /** The key as rate-limiter-flexible stores it (its prefix, a colon, the key). */
  private storedKey(key: string): string {
    return `assay:${this.rule.name}:${key}`;
  }

  /** A count in one limiter (memory), its refusal read as a decision. */
  private async decided(limiter: RateLimiterAbstract, key: string) {
    try {
      return this.decision(await limiter.consume(key), true);
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return this.decision(refused, false);
      throw refused;
    }
  }

  /** The state of `key`'s window without counting a request. */
  async peek(key: string) {
    const state = await this.counted((limiter) => limiter.get(key));
    if (!state) return { allowed: true, limit: this.rule.points, remaining: this.rule.points, resetSeconds: 1 };
    return this.decision(state, state.consumedPoints < this.rule.points);
  }

  /** Asks the shared store within its deadline, else memory. A refusal (a spent window) is an answer, not a failure. */
  private counted<T>(ask: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> {
    const shared = this.shared;
    if (!shared) return ask(this.memory);
    type Outcome = { answer: T } | { refused: RateLimiterRes };
    const settle = (asked: Promise<T>): Promise<Outcome> =>
      asked.then(
        (answer) => ({ answer }),
        (error: unknown) => {
          if (error instanceof RateLimiterRes) return { refused: error };
          throw error;
        },
      );
    return this.health
      .guard(
        () => settle(ask(shared)),
        () => settle(ask(this.memory)),
      )
      .then((outcome) => {
        if ('refused' in outcome) throw outcome.refused;
        return outcome.answer;
      });
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
