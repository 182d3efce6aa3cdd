import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the relay took. */
export interface CaughtMail {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
}

/** A real SMTP relay on loopback (smtp-server) that keeps what it receives; it may demand or refuse credentials. */
export interface MailCatcher {
  readonly port: number;
  readonly messages: CaughtMail[];
  /** While true, the relay refuses every message (a transient 451), as a relay that is down for a while. */
  refusing: boolean;
  /** The next message to `address` (waits for it). */
  next(address: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startMailCatcher(
  options: { user?: string; password?: string; refuseAuth?: boolean } = {},
): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const catcher = { refusing: false } as MailCatcher;
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: !options.user && !options.refuseAuth,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (!options.refuseAuth && auth.username === options.user && auth.password === options.password)
        return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      if (catcher.refusing) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const consumed = new Set<number>();
  Object.assign(catcher, <Omit<MailCatcher, 'refusing'>>{
    port,
    messages,
    async next(address, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = messages.findIndex((message, at) => !consumed.has(at) && message.to.includes(address));
        if (index >= 0) {
          consumed.add(index);
          return messages[index];
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return catcher;
}

/** The 6-digit code in a sign-in mail. */
export const codeIn = (mail: CaughtMail): string => {
  const code = /sign-in code is (\d{6})/.exec(mail.raw)?.[1];
  if (!code) throw new Error(`no code in mail:\n${mail.raw}`);
  return code;
};
