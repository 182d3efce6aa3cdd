/** Encrypts secrets kept at rest (endpoint connections' credentials) and decrypts them when they are used. */
export interface SecretBox {
  /** False when no key is configured: nothing can be sealed (and what was sealed cannot be opened). */
  readonly ready: boolean;
  /** The sealed form of a secret: authenticated encryption, a fresh nonce each time. */
  seal(plain: string): string;
  /** The secret back; throws when the sealed text was altered or sealed with another key. */
  open(sealed: string): string;
  /** Whether a text has the sealed form (a value stored in clear before it was sealed has not). */
  isSealed(text: string): boolean;
}
