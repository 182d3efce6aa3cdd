import { randomBytes } from 'node:crypto';
import type { IdGenerator } from '../../application/ports/id-generator.ts';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** The random part is 16 base32 characters: 80 bits. */
const RANDOM_LIMIT = 1n << 80n;

function encode(value: bigint, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) {
    text = ALPHABET[Number(value % 32n)] + text;
    value /= 32n;
  }
  return text;
}

/** Random bytes drawn 4 KiB at a time: one `randomBytes` call per id cost more than the rest of the id. */
const POOL_BYTES = 4096;
let pool = randomBytes(POOL_BYTES);
let poolOffset = 0;

function randomBits(bytes: number): bigint {
  if (poolOffset + bytes > POOL_BYTES) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  let value = 0n;
  for (let index = 0; index < bytes; index++) value = (value << 8n) | BigInt(pool[poolOffset + index]!);
  poolOffset += bytes;
  return value;
}

/**
 * Ids `<prefix>_<10 chars of milliseconds><16 random chars>` in Crockford base32: they sort by creation time, and
 * within one process they strictly increase (lists break ties by id, so records made in one millisecond keep their
 * order). The random part starts anywhere in the lower half of its range each millisecond and then grows by a random
 * step of up to 2^40, so neither the next id nor the number minted in between (for any kind or organization) can be
 * read from one id.
 */
export class SortableIdGenerator implements IdGenerator {
  private lastTime = 0;
  private lastRandom = 0n;

  next(prefix: string): string {
    const time = Date.now();
    const step = this.lastRandom + 1n + randomBits(5);
    if (time <= this.lastTime && step < RANDOM_LIMIT) {
      this.lastRandom = step;
    } else {
      // A clock that stepped back (or a millisecond's range used up) continues from the last time, never below it.
      this.lastTime = Math.max(time, this.lastTime + (time <= this.lastTime ? 1 : 0));
      this.lastRandom = randomBits(10) >> 1n;
    }
    return `${prefix}_${encode(BigInt(this.lastTime), 10)}${encode(this.lastRandom, 16)}`;
  }
}
