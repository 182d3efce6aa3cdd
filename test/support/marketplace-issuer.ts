import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { MARKETPLACE_APP_ID } from '../../adapters/identity/jwks-marketplace-tokens.ts';
import { json, startLocalHttp } from './local-http.ts';

export const TENANT = '7a3e0000-0000-4000-8000-000000000001';
export const AUDIENCE = '1c9d0000-0000-4000-8000-000000000002';

/** A local stand-in for the marketplace's identity provider: a JWKS endpoint and tokens signed by the test. */
export interface MarketplaceIssuer {
  readonly jwksUrl: string;
  /** A valid v2 token with its own `uti` (as Entra's), with claims overridden or removed (undefined) as asked. */
  token(
    claims?: Partial<Record<string, unknown>>,
    options?: { key?: 'own' | 'stranger'; expiresAt?: string | number },
  ): Promise<string>;
  /** An HS256 token with otherwise valid claims. */
  hs256Token(): Promise<string>;
  close(): Promise<void>;
}

export async function startMarketplaceIssuer(): Promise<MarketplaceIssuer> {
  const own = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(own.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  const server = await startLocalHttp((_request, response) => json(response, 200, { keys: [jwk] }));
  const baseClaims = (): JWTPayload => ({
    aud: AUDIENCE,
    iss: `https://login.microsoftonline.com/${TENANT}/v2.0`,
    tid: TENANT,
    azp: MARKETPLACE_APP_ID,
    ver: '2.0',
  });
  return {
    jwksUrl: `${server.url}/discovery/v2.0/keys`,
    async token(claims = {}, options = {}) {
      const payload: Record<string, unknown> = { ...baseClaims(), uti: randomUUID(), ...claims };
      for (const [name, value] of Object.entries(claims)) if (value === undefined) delete payload[name];
      const key = options.key === 'stranger' ? stranger.privateKey : own.privateKey;
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: 'key-1', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(options.expiresAt ?? '5m')
        .sign(key);
    },
    async hs256Token() {
      return new SignJWT(baseClaims())
        .setProtectedHeader({ alg: 'HS256', kid: 'key-1' })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('a shared secret of at least thirty-two bytes'));
    },
    close: server.close,
  };
}
