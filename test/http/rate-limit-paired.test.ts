import test from 'ava';
import { postgresAvailable } from '../support/databases.ts';
import { createTenant, startWorld } from '../support/http-world.ts';

/**
 * The key's and the organization's limits decide alike wherever they are counted (on PostgreSQL both in one statement):
 * a request the key refuses does not count against the organization.
 */
const kinds = (await postgresAvailable()) ? (['memory', 'postgres'] as const) : (['memory'] as const);

for (const kind of kinds) {
  test(`[${kind}] a request refused by its key leaves the organization's count alone; the organization's limit binds all keys`, async (t) => {
    const world = await startWorld(kind, {
      RATE_LIMIT_PER_MINUTE: 5, // the admin's key makes 5 requests creating the tenant
      RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE: 8,
      QUEUE_EMBEDDED_WORKER: false,
    });
    try {
      const tenant = await createTenant(world);
      // The organization's first request, and the owner key's.
      const minted = await tenant.owner.post('/apiKeys', { name: 'another' });
      const third = tenant.owner.as(minted.body.key);
      const answers = [];
      const order = [...Array(5).fill(tenant.owner), ...Array(3).fill(tenant.member), third, third];
      for (const client of order) answers.push(await client.get('/auth/user'));
      // Owner: requests 2–5 allowed, the 6th refused by its key (not counted for the organization: 5 so far); the
      // member brings the organization to 8; the third key's first request is the organization's 9th.
      t.deepEqual(
        answers.map((answer) => answer.status),
        [200, 200, 200, 200, 429, 200, 200, 200, 429, 429],
      );
      t.notRegex(answers[4].body.message, /organization/);
      t.regex(answers[8].body.message, /organization/);
      t.is(answers[8].headers.get('ratelimit-remaining'), '0');
      t.is(answers[3].headers.get('ratelimit-remaining'), '0', "the owner key's window: 5 of 5 spent");
      t.is(answers[5].headers.get('ratelimit-remaining'), '4', "the member key's window: 1 of 5 spent");
    } finally {
      await world.close();
    }
  });
}
