import type { AuthSecret } from '../../domain/endpoint-connection/auth.ts';
import type { ConnectionContext } from '../../domain/endpoint-connection/endpoint-connection.ts';
import { InvalidInput } from '../../domain/errors.ts';
import type { Ports } from '../ports/ports.ts';

const SECRET_FIELD: Record<AuthSecret['kind'], string> = { BEARER: 'token', API_KEY: 'apiKey', BASIC: 'password' };

const NO_KEY = 'the platform cannot store secrets: ASSAY_SECRET_KEY is not set (64 hex characters); ask the operator';

/** The syntax checks and the sealing a connection's rules need; without a secret key a secret is refused (400). */
export const connectionContext = (ports: Pick<Ports, 'secretBox' | 'endpointFormat'>): ConnectionContext => ({
  syntax: ports.endpointFormat,
  seal(secret) {
    if (!ports.secretBox.ready) throw InvalidInput.of(SECRET_FIELD[secret.kind], NO_KEY);
    return ports.secretBox.seal(JSON.stringify(secret));
  },
  sealHeader(name, value) {
    if (!ports.secretBox.ready) throw InvalidInput.of(`headers.${name}`, NO_KEY);
    return ports.secretBox.seal(value);
  },
});

/** The secret of a connection, opened for a call. */
export const openSecret = (ports: Pick<Ports, 'secretBox'>, sealed: string | null): AuthSecret | null =>
  sealed === null ? null : (JSON.parse(ports.secretBox.open(sealed)) as AuthSecret);

/** A connection's custom headers, opened for a call (a value stored in clear by an older version is sent as it is). */
export const openHeaders = (
  ports: Pick<Ports, 'secretBox'>,
  headers: Readonly<Record<string, string>>,
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      ports.secretBox.isSealed(value) ? ports.secretBox.open(value) : value,
    ]),
  );
