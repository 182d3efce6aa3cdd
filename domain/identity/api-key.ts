/** API keys: `assay_<secret>` is the current form, `assay-<secret>` the legacy spelling of the same secret. */
export const API_KEY_PREFIX = 'assay';
const KEY_PATTERN = /^assay[_-]([A-Za-z0-9]{32,128})$/;

export interface ApiKey {
  readonly id: string;
  readonly organizationId: string;
  readonly userId: string;
  readonly name: string;
  /** Hash of the secret; the secret itself is never stored. */
  readonly secretHash: string;
  /** First characters of the key, so a user can tell keys apart. */
  readonly prefix: string;
  readonly createdAt: string;
  /** Session keys from sign-in expire; keys issued otherwise do not (null). */
  readonly expiresAt: string | null;
  readonly revokedAt: string | null;
  readonly deletedAt: string | null;
}

/** The secret inside a presented key, or null when the key is not of either form. */
export function secretOfKey(presented: string): string | null {
  const match = KEY_PATTERN.exec(presented);
  return match ? match[1] : null;
}

export const formatKey = (secret: string): string => `${API_KEY_PREFIX}_${secret}`;
export const displayPrefix = (secret: string): string => `${API_KEY_PREFIX}_${secret.slice(0, 6)}`;

/** Not revoked, not deleted, and (for a session key) not expired at `now`. */
export const isUsable = (key: ApiKey, now: string): boolean =>
  key.revokedAt === null &&
  key.deletedAt === null &&
  (key.expiresAt === null || Date.parse(key.expiresAt) > Date.parse(now));
