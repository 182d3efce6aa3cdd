import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Secrets } from '../../application/ports/secrets.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * 40-character random secrets (about 238 bits); stored as SHA-256, which is enough for secrets this
 * strong (slow hashes protect guessable passwords, not random keys) and keeps authentication cheap.
 */
export class HashingSecrets implements Secrets {
  newSecret(): string {
    const bytes = randomBytes(40);
    return Array.from(bytes, (byte) => LETTERS[byte % LETTERS.length]).join('');
  }

  newCode(digits: number): string {
    return Array.from({ length: digits }, () => String(randomInt(10))).join('');
  }

  hash(secret: string): string {
    return createHash('sha256').update(secret).digest('hex');
  }

  matches(secret: string, storedHash: string): boolean {
    const presented = Buffer.from(this.hash(secret), 'hex');
    const stored = Buffer.from(storedHash, 'hex');
    return presented.length === stored.length && timingSafeEqual(presented, stored);
  }
}
