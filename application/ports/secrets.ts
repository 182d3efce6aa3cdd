/** Creates API-key secrets and compares them with stored hashes in constant time. */
export interface Secrets {
  /** A new random secret, letters and digits only. */
  newSecret(): string;
  /** A uniformly random code of `digits` decimal digits (e-mailed sign-in codes). */
  newCode(digits: number): string;
  /** The stored form of a secret (a one-way hash). */
  hash(secret: string): string;
  /** Whether the secret hashes to the stored hash, compared in constant time. */
  matches(secret: string, storedHash: string): boolean;
}
