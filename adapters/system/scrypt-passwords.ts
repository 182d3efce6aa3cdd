import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Passwords } from '../../application/ports/passwords.ts';

const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Passwords hashed with scrypt (node:crypto), each with its own salt; the cost is stored with the hash. */
export class ScryptPasswords implements Passwords {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, COST);
    return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  async verify(password: string, storedHash: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = storedHash.split('$');
    if (scheme !== 'scrypt' || !key) return false;
    const expected = Buffer.from(key, 'base64');
    const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
