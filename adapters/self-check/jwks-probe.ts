import { z } from 'zod';
import { fetchOrUnavailable, type Probe, ProbeFailure } from './probe.ts';

const keySet = z.object({ keys: z.array(z.object({ kty: z.string() }).loose()).min(1) }).loose();

/** The marketplace identity provider: its JWKS answers with a key set holding at least one key. */
export function jwksProbe(jwksUrl: string): Probe {
  return {
    entry: { kind: 'identity', name: 'MARKETPLACE_JWKS_URL', source: 'env', severity: 'critical', resolved: jwksUrl },
    async run(signal) {
      const response = await fetchOrUnavailable(jwksUrl, { signal, headers: { accept: 'application/json' } });
      if (!response.ok) throw new ProbeFailure('incapable', `${jwksUrl} answered ${response.status}`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new ProbeFailure('incapable', `${jwksUrl} did not answer JSON`);
      }
      if (!keySet.safeParse(body).success) throw new ProbeFailure('incapable', `${jwksUrl} did not answer a key set`);
    },
  };
}
