import test from 'ava';
import { ApiClient } from '../support/api-client.ts';
import { createTenant, httpDatabases, startWorld, type Tenant, useWorld } from '../support/http-world.ts';
import { codeIn, startMailCatcher } from '../support/mail-catcher.ts';

const relay = await startMailCatcher({ user: 'assay', password: 'relay-secret' });
const databases = await httpDatabases();
test.after.always(() => relay.close());

const PASSWORD = 'correct horse battery';
const settings = {
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: relay.port,
  SMTP_USER: 'assay',
  SMTP_PASSWORD: 'relay-secret',
  SMTP_FROM: 'Assay <assay@test.example>',
  SIGN_IN_ATTEMPTS_PER_HOUR: 6,
};

for (const database of databases) {
  const world = useWorld(test, database, settings);
  const title = (text: string) => `[${database}] ${text}`;
  const anonymous = () => new ApiClient(world().url);
  /** Signs in without a key, with the test password unless another is given. */
  const signIn = (email: string, password = PASSWORD) => anonymous().post('/auth/signIn', { email, password });
  /** Answers an MFA challenge with a code, without a key. */
  const verifyCode = (challengeId: string, code: string) => anonymous().post('/auth/mfa/verify', { challengeId, code });
  const emailOf = async (client: ApiClient) => (await client.get('/auth/user')).body.email as string;
  async function withPassword(): Promise<Tenant & { ownerEmail: string; memberEmail: string }> {
    const tenant = await createTenant(world());
    for (const id of [tenant.ownerId, tenant.memberId]) {
      const set = await world().admin.put(`/users/${id}/password`, { password: PASSWORD });
      if (set.status !== 204) throw new Error(`password: ${set.status} ${JSON.stringify(set.body)}`);
    }
    return { ...tenant, ownerEmail: await emailOf(tenant.owner), memberEmail: await emailOf(tenant.member) };
  }

  test(title('passwords: who may set them, the length rule, the current password, hasPassword'), async (t) => {
    const tenant = await createTenant(world());
    const other = await createTenant(world());
    t.false((await tenant.member.get('/auth/user')).body.hasPassword);
    const short = await tenant.member.put(`/users/${tenant.memberId}/password`, { password: 'short' });
    t.is(short.status, 400);
    t.is(short.body.error, 'invalid_input');
    t.is((await tenant.member.put(`/users/${tenant.memberId}/password`, { password: PASSWORD })).status, 204);
    t.true((await tenant.member.get('/auth/user')).body.hasPassword);
    const withoutCurrent = await tenant.member.put(`/users/${tenant.memberId}/password`, { password: `${PASSWORD}!` });
    t.is(withoutCurrent.status, 400);
    t.regex(withoutCurrent.body.message, /currentPassword/);
    const wrongCurrent = await tenant.member.put(`/users/${tenant.memberId}/password`, {
      password: `${PASSWORD}!`,
      currentPassword: 'not the password',
    });
    t.is(wrongCurrent.status, 403);
    const changed = await tenant.member.put(`/users/${tenant.memberId}/password`, {
      password: `${PASSWORD}!`,
      currentPassword: PASSWORD,
    });
    t.is(changed.status, 204);
    t.is((await tenant.owner.put(`/users/${tenant.memberId}/password`, { password: PASSWORD })).status, 204);
    t.is((await tenant.member.put(`/users/${tenant.ownerId}/password`, { password: PASSWORD })).status, 403);
    t.is((await other.owner.put(`/users/${tenant.memberId}/password`, { password: PASSWORD })).status, 404);
    const stored = await world().platform.ports.users.get(tenant.organizationId, tenant.memberId);
    t.true(stored?.passwordHash?.startsWith('scrypt$'));
    t.false(stored?.passwordHash?.includes(PASSWORD));
  });

  test(title('sign-in gives an expiring session key; wrong e-mail and wrong password answer alike'), async (t) => {
    const tenant = await withPassword();
    const before = Date.now();
    const signedIn = await signIn(tenant.memberEmail.toUpperCase());
    t.is(signedIn.status, 200);
    t.is(signedIn.headers.get('cache-control'), 'no-store', 'no cache keeps a copy of the key');
    const hours = (Date.parse(signedIn.body.expiresAt) - before) / 3_600_000;
    t.true(hours > 11.9 && hours <= 12.01, String(hours));
    const me = await anonymous().as(signedIn.body.key).get('/auth/user');
    t.is(me.status, 200);
    t.is(me.body.id, tenant.memberId);
    t.not(me.body.latestSignInAt, null);
    const wrongPassword = await signIn(tenant.ownerEmail, 'nope nope nope');
    const wrongEmail = await signIn('nobody@nowhere.example');
    t.is(wrongPassword.status, 401);
    t.deepEqual(wrongPassword.body, wrongEmail.body);
    const keys = await tenant.member.get('/apiKeys');
    t.true(keys.body.some((key: { expiresAt: string | null }) => key.expiresAt === signedIn.body.expiresAt));
  });

  test(title('attempts per e-mail are limited with 429 and Retry-After; other addresses are not'), async (t) => {
    const tenant = await withPassword();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1)
      statuses.push((await signIn(tenant.ownerEmail, 'wrong guess!')).status);
    t.deepEqual(statuses, [401, 401, 401, 401, 401, 401, 429]);
    const limited = await signIn(tenant.ownerEmail);
    t.is(limited.status, 429);
    t.truthy(limited.headers.get('retry-after'));
    t.is((await signIn(tenant.memberEmail)).status, 200);
  });

  test.serial(title('MFA by e-mail: the code goes out over SMTP, works once; wrong codes are refused'), async (t) => {
    const tenant = await withPassword();
    t.is((await tenant.member.patch(`/users/${tenant.memberId}`, { mfaSource: 'EMAIL' })).status, 200);
    const challenge = await signIn(tenant.memberEmail);
    t.is(challenge.status, 200);
    t.true(challenge.body.mfaRequired);
    t.is(challenge.body.key, undefined);
    const mail = await relay.next(tenant.memberEmail);
    t.regex(mail.raw, /Subject: Your Assay sign-in code/);
    const code = codeIn(mail);
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await verifyCode(challenge.body.challengeId, wrong);
    t.is(refused.status, 401);
    const verified = await verifyCode(challenge.body.challengeId, code);
    t.is(verified.status, 200);
    t.is(verified.headers.get('cache-control'), 'no-store', 'no cache keeps a copy of the key');
    t.is((await anonymous().as(verified.body.key).get('/auth/user')).body.id, tenant.memberId);
    const reused = await verifyCode(challenge.body.challengeId, code);
    t.is(reused.status, 401);
    const stored = await world().platform.ports.mfaChallenges.get(null, challenge.body.challengeId);
    t.false(stored?.codeHash.includes(code));
  });

  test.serial(title('an organization enforcing MFA: after 5 wrong codes the right one no longer works'), async (t) => {
    const tenant = await withPassword();
    t.is((await tenant.owner.patch(`/organizations/${tenant.organizationId}`, { enforceMfa: true })).status, 200);
    const challenge = await signIn(tenant.ownerEmail);
    t.true(challenge.body.mfaRequired);
    const code = codeIn(await relay.next(tenant.ownerEmail));
    const wrong = code === '999999' ? '999998' : '999999';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await verifyCode(challenge.body.challengeId, wrong);
      t.is(response.status, 401);
    }
    const dead = await verifyCode(challenge.body.challengeId, code);
    t.is(dead.status, 401);
    t.is((await verifyCode('mfaChallenge_nope', code)).status, 401);
    t.is((await verifyCode(challenge.body.challengeId, '12')).status, 400);
  });
}

test('MFA required without a mail relay answers 503 with a clear message', async (t) => {
  const world = await startWorld('memory');
  try {
    const tenant = await createTenant(world);
    await world.admin.put(`/users/${tenant.ownerId}/password`, { password: PASSWORD });
    await world.admin.patch(`/organizations/${tenant.organizationId}`, { enforceMfa: true });
    const email = (await tenant.owner.get('/auth/user')).body.email;
    const response = await new ApiClient(world.url).post('/auth/signIn', { email, password: PASSWORD });
    t.is(response.status, 503);
    t.regex(response.body.message, /no mail relay is configured/);
  } finally {
    await world.close();
  }
});
