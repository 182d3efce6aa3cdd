import { randomBytes } from 'node:crypto';
import type { IdGenerator } from '../../application/ports/id-generator.ts';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function encode(value: bigint, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) {
    text = ALPHABET[Number(value % 32n)] + text;
    value /= 32n;
  }
  return text;
}

/**
 * Ids `<prefix>_<10 chars of milliseconds><16 random chars>` in Crockford base32: they sort by creation
 * time; within one millisecond of one process the random part counts up, so they still sort.
 */
export class SortableIdGenerator implements IdGenerator {
  private lastTime = 0;
  private lastRandom = 0n;

  next(prefix: string): string {
    const time = Date.now();
    if (time <= this.lastTime) {
      this.lastRandom += 1n;
    } else {
      this.lastTime = time;
      this.lastRandom = BigInt(`0x${randomBytes(10).toString('hex')}`) >> 1n;
    }
    return `${prefix}_${encode(BigInt(this.lastTime), 10)}${encode(this.lastRandom, 16)}`;
  }
}
