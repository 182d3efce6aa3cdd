import nodemailer from 'nodemailer';
import { type SmtpSettings, smtpTransportOptions } from '../mail/smtp-mailer.ts';
import { type Probe, ProbeFailure } from './probe.ts';

/** nodemailer error codes of a relay that answered but will not serve us (credentials, protocol, TLS). */
const INCAPABLE = new Set(['EAUTH', 'EPROTOCOL', 'ETLS', 'ENOAUTH', 'EENVELOPE']);

/** The SMTP relay: connect, EHLO, and authenticate when credentials are set (nodemailer's verify). */
export function smtpProbe(settings: SmtpSettings & { host: string }): Probe {
  return {
    entry: {
      kind: 'mail',
      name: 'SMTP_HOST',
      source: 'env',
      severity: 'critical',
      resolved: `${settings.host}:${settings.port}${settings.user ? ` as ${settings.user}` : ''}`,
    },
    async run(signal) {
      const transport = nodemailer.createTransport(smtpTransportOptions(settings));
      signal.addEventListener('abort', () => transport.close(), { once: true });
      try {
        await transport.verify();
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        const failure = INCAPABLE.has(code) ? 'incapable' : 'unavailable';
        throw new ProbeFailure(failure, `${code ? `${code}: ` : ''}${(error as Error).message}`);
      } finally {
        transport.close();
      }
    },
  };
}
