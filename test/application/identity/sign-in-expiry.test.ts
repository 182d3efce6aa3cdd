import test from 'ava';
import { createUseCases } from '../../../application/use-cases.ts';
import { SmtpMailer } from '../../../adapters/mail/smtp-mailer.ts';
import { Unauthorized } from '../../../domain/errors.ts';
import { codeIn, startMailCatcher } from '../../support/mail-catcher.ts';
import { memoryTenants } from '../../support/memory-tenants.ts';

const PASSWORD = 'a long enough password';

async function signInWorld() {
  const relay = await startMailCatcher();
  const world = await memoryTenants();
  const mailer = new SmtpMailer({
    host: '127.0.0.1',
    port: relay.port,
    secure: false,
    from: 'a@b.example',
    timeoutMs: 5000,
  });
  const useCases = createUseCases({ ...world.ports, mailer }, world.settings);
  await useCases.setPassword.execute(world.admin, world.a.member.userId, { password: PASSWORD });
  const email = (await useCases.getCurrentUser.execute(world.a.member)).email;
  return { ...world, useCases, relay, email };
}

test('a session key stops working after SESSION_KEY_TTL_HOURS (12 by default)', async (t) => {
  const { useCases, clock, email, relay } = await signInWorld();
  try {
    const session = await useCases.signIn.execute({ email, password: PASSWORD });
    if (!('key' in session)) return t.fail('no MFA expected');
    t.like(await useCases.authenticate.execute(session.key), { role: 'MEMBER' });
    clock.advance(12 * 3_600_000 - 1000);
    await t.notThrowsAsync(useCases.authenticate.execute(session.key));
    clock.advance(1000);
    await t.throwsAsync(useCases.authenticate.execute(session.key), { instanceOf: Unauthorized, message: /expired/ });
  } finally {
    await relay.close();
  }
});

test('an e-mailed code expires after 10 minutes', async (t) => {
  const { useCases, clock, email, relay, a } = await signInWorld();
  try {
    await useCases.updateUser.execute(a.member, a.member.userId, { mfaSource: 'EMAIL' });
    const challenge = await useCases.signIn.execute({ email, password: PASSWORD });
    if (!('challengeId' in challenge)) return t.fail('MFA expected');
    const code = codeIn(await relay.next(email));
    clock.advance(10 * 60_000);
    await t.throwsAsync(useCases.verifyMfa.execute({ challengeId: challenge.challengeId, code }), {
      instanceOf: Unauthorized,
    });
  } finally {
    await relay.close();
  }
});
