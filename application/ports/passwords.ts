/** Slow, salted password hashing: stored hashes resist guessing even when leaked. */
export interface Passwords {
  hash(password: string): Promise<string>;
  /** Whether the password matches the stored hash, in constant time. */
  verify(password: string, storedHash: string): Promise<boolean>;
}
