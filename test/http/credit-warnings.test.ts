import test from 'ava';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import { startMailCatcher } from '../support/mail-catcher.ts';

const relay = await startMailCatcher();
const databases = await httpDatabases();
test.after.always(() => relay.close());

for (const database of databases) {
  const world = useWorld(test, database, { SMTP_HOST: '127.0.0.1', SMTP_PORT: relay.port });

  test(`[${database}] OWNERs are mailed below warningAt once, again only after a refill, once more at 0`, async (t) => {
    const tenant = await createTenant(world());
    const ownerEmail = (await tenant.owner.get('/auth/user')).body.email;
    const memberEmail = (await tenant.member.get('/auth/user')).body.email;
    const mailsToOwner = () => relay.messages.filter((message) => message.to.includes(ownerEmail));
    const setCredits = async (credits: number) => {
      const response = await world().admin.patch(`/organizations/${tenant.organizationId}`, {
        remainingSubscriptionCredits: credits,
        extraCredits: 0,
      });
      t.is(response.status, 200);
      return response.body;
    };
    await world().admin.patch(`/organizations/${tenant.organizationId}`, { warningAt: 10 });
    await setCredits(50);
    t.is(mailsToOwner().length, 0);
    const low = await setCredits(9);
    t.not(low.lastWarningAt, null);
    t.regex((await relay.next(ownerEmail)).raw, /running low/);
    await setCredits(5);
    t.is(mailsToOwner().length, 1, 'no second warning while still low');
    await setCredits(0);
    t.regex((await relay.next(ownerEmail)).raw, /used up/);
    await setCredits(4);
    await setCredits(0);
    t.is(mailsToOwner().length, 2, 'a partial refill re-arms nothing');
    await setCredits(10);
    await setCredits(8);
    t.regex((await relay.next(ownerEmail)).raw, /running low/);
    t.is(mailsToOwner().length, 3);
    t.false(
      relay.messages.some((message) => message.to.includes(memberEmail)),
      'members are not mailed',
    );
  });
}
