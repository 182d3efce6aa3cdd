import nodemailer, { type Transporter } from 'nodemailer';
import { Unavailable } from '../../domain/errors.ts';
import type { MailMessage, Mailer } from '../../application/ports/mailer.ts';

/** The relay settings; `host` unset means no relay. */
export interface SmtpSettings {
  readonly host?: string;
  readonly port: number;
  readonly secure: boolean;
  readonly user?: string;
  readonly password?: string;
  readonly from: string;
  readonly timeoutMs: number;
}

/** The nodemailer transport options for the settings (also used by the self-check's probe). */
export function smtpTransportOptions(settings: SmtpSettings) {
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  };
}

/** Mail over a real SMTP relay with nodemailer; without `SMTP_HOST` every send is Unavailable. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter | null;

  constructor(private readonly settings: SmtpSettings) {
    this.transport = settings.host ? nodemailer.createTransport(smtpTransportOptions(settings)) : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  async send(message: MailMessage): Promise<void> {
    if (!this.transport) throw new Unavailable('No mail relay is configured (SMTP_HOST), so no e-mail can be sent', 60);
    try {
      await this.transport.sendMail({
        from: this.settings.from,
        to: [...message.to],
        subject: message.subject,
        text: message.text,
      });
    } catch (error) {
      throw new Unavailable(`The mail relay did not take the message: ${(error as Error).message}`, 30);
    }
  }

  close(): void {
    this.transport?.close();
  }
}
