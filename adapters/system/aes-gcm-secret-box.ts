import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../application/ports/secret-box.ts';

const VERSION = 'v1';
/** `v1.` then the IV (12 bytes), the tag (16 bytes) and the ciphertext, each base64url. */
const SEALED = /^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]*$/;

/**
 * AES-256-GCM with a 32-byte key (ASSAY_SECRET_KEY, 64 hex characters): `v1.<iv>.<tag>.<ciphertext>` in base64url,
 * a random 12-byte IV per seal; the tag makes an altered or foreign ciphertext fail to open.
 */
export class AesGcmSecretBox implements SecretBox {
  private readonly key: Buffer | null;

  constructor(keyHex: string | undefined) {
    this.key = keyHex ? Buffer.from(keyHex, 'hex') : null;
    if (this.key && this.key.length !== 32) throw new Error('the secret key must be 32 bytes (64 hex characters)');
  }

  get ready(): boolean {
    return this.key !== null;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.requireKey(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.requireKey(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  isSealed(text: string): boolean {
    return SEALED.test(text);
  }

  private requireKey(): Buffer {
    if (!this.key) throw new Error('ASSAY_SECRET_KEY is not set: secrets cannot be sealed or opened');
    return this.key;
  }
}
