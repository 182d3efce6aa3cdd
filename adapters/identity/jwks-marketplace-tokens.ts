import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { Unauthorized, Unavailable } from '../../domain/errors.ts';
import type { MarketplaceTokenClaims, MarketplaceTokens } from '../../application/ports/marketplace.ts';

/** The marketplace API's application id: the token's `azp` (v2) or `appid` (v1) names it. */
export const MARKETPLACE_APP_ID = '20e940b3-4c77-4b0b-9a53-9e16a1b010a7';
/** Seconds of clock difference tolerated on `exp` and `nbf`. */
export const MARKETPLACE_CLOCK_TOLERANCE_SECONDS = 60;

export interface MarketplaceIdentitySettings {
  readonly jwksUrl: string;
  /** Our application (client) id: the token's audience. */
  readonly audience: string;
  /** Our tenant: the token's `tid`, and the issuers (v1 and v2) derive from it. */
  readonly tenantId: string;
  readonly timeoutMs: number;
}

/** Failures of the key set itself (absent, slow, not a key set): the sender must retry, so 503 rather than 401. */
const KEY_SET_FAILURES = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

/** The bearer JWT checked with jose against the tenant's JWKS: RS256 only, audience, v1/v2 issuer, tenant, caller app. */
export class JwksMarketplaceTokens implements MarketplaceTokens {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;
  private readonly issuers: string[];

  constructor(private readonly settings: MarketplaceIdentitySettings) {
    this.keys = createRemoteJWKSet(new URL(settings.jwksUrl), { timeoutDuration: settings.timeoutMs });
    this.issuers = [
      `https://sts.windows.net/${settings.tenantId}/`,
      `https://login.microsoftonline.com/${settings.tenantId}/v2.0`,
    ];
  }

  async verify(bearerToken: string | null): Promise<MarketplaceTokenClaims> {
    if (!bearerToken) throw new Unauthorized('Missing marketplace token: send Authorization: Bearer <JWT>');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(bearerToken, this.keys, {
        algorithms: ['RS256'],
        audience: [this.settings.audience, `api://${this.settings.audience}`],
        issuer: this.issuers,
        clockTolerance: MARKETPLACE_CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'tid'],
      }));
    } catch (error) {
      if (error instanceof errors.JOSEError && !KEY_SET_FAILURES.has(error.code))
        throw new Unauthorized(`Invalid marketplace token (${error.code})`);
      throw new Unavailable('The marketplace signing keys could not be fetched; retry later', 30);
    }
    if (payload.tid !== this.settings.tenantId) throw new Unauthorized('Invalid marketplace token (tenant)');
    if ((payload.azp ?? payload.appid) !== MARKETPLACE_APP_ID)
      throw new Unauthorized('Invalid marketplace token (calling application)');
    return { tokenId: tokenIdOf(bearerToken, payload) };
  }
}

/** The token's own id: `jti`, else Entra's `uti`, else a digest of the token itself (a token is one string). */
function tokenIdOf(token: string, payload: Record<string, unknown>): string {
  for (const claim of ['jti', 'uti'] as const) {
    const value = payload[claim];
    if (typeof value === 'string' && value !== '' && value.length <= 200) return `${claim}:${value}`;
  }
  return `sha256:${createHash('sha256').update(token).digest('base64url')}`;
}

/** Without `MARKETPLACE_JWKS_URL` the webhook cannot check tokens, so it takes none. */
export const unconfiguredMarketplaceTokens: MarketplaceTokens = {
  async verify() {
    throw new Unavailable('The marketplace webhook is not configured (MARKETPLACE_JWKS_URL)', 300);
  },
};
