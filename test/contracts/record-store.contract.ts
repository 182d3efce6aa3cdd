import type { TestFn } from 'ava';
import { where } from '../../application/ports/list-query.ts';
import type { StoragePorts } from '../../application/ports/ports.ts';
import { DuplicateKey, NotFound, StaleVersion } from '../../domain/errors.ts';
import { createUser, type User } from '../../domain/identity/user.ts';
import { createOrganization } from '../../domain/organization/organization.ts';
import type { StorageWorld } from '../support/storage-worlds.ts';

const admin = { userId: 'user_admin', organizationId: 'organization_platform', role: 'ADMIN' as const, apiKeyId: null };
let sequence = 0;
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

function user(organizationId: string, email: string, minute: number, name = email): User {
  sequence += 1;
  return createUser(
    admin,
    { email, name, role: 'MEMBER' },
    { id: `user_${String(sequence).padStart(6, '0')}`, organizationId, now: at(minute) },
  );
}

/** The RecordStore contract (application/ports/record-store.ts), run against each adapter family. */
export function recordStoreContract(test: TestFn, label: string, open: () => Promise<StorageWorld>): void {
  let world: StorageWorld;
  const ports = (): StoragePorts => world.storage;
  test.before(async () => {
    world = await open();
  });
  test.after.always(async () => world?.close());

  test(`${label}: insert then get returns an equal record, scoped to its organization`, async (t) => {
    const stored = user('org_a1', 'get@a.example', 1);
    await ports().users.insert(stored);
    t.deepEqual(await ports().users.get('org_a1', stored.id), stored);
    t.is(await ports().users.get('org_b1', stored.id), null);
    t.deepEqual(await ports().users.get(null, stored.id), stored);
  });

  test(`${label}: require and requireMany answer live records of the scope or NotFound named for the kind`, async (t) => {
    const [first, second] = [user('org_r', 'r1@r.example', 1), user('org_r', 'r2@r.example', 2)];
    await ports().users.insertMany([first, second]);
    t.deepEqual(await ports().users.require('org_r', first.id), first);
    t.deepEqual(await ports().users.require(null, first.id), first);
    await t.throwsAsync(ports().users.require('org_other', first.id), {
      instanceOf: NotFound,
      message: `User ${first.id} not found`,
    });
    t.deepEqual(await ports().users.requireMany('org_r', [second.id, first.id, second.id]), [second, first, second]);
    await t.throwsAsync(ports().users.requireMany('org_r', [first.id, 'user_missing']), {
      instanceOf: NotFound,
      message: 'User user_missing not found',
    });
    await ports().users.update({ ...first, deletedAt: at(9) });
    await t.throwsAsync(ports().users.require('org_r', first.id), { instanceOf: NotFound });
    await t.throwsAsync(ports().apiKeys.require('org_r', 'apiKey_missing'), {
      message: 'API key apiKey_missing not found',
    });
  });

  test(`${label}: list filters, sorts, pages; soft-deleted rows never match`, async (t) => {
    const org = 'org_list';
    const rows = [
      user(org, 'c@l.example', 3, 'Carol'),
      user(org, 'a@l.example', 1, 'Alice'),
      user(org, 'b@l.example', 2, 'Bob'),
    ];
    await ports().users.insertMany(rows);
    await ports().users.insert(user('org_other', 'z@l.example', 4));
    const newest = await ports().users.list(org, {});
    t.deepEqual(
      newest.map((row) => row.name),
      ['Carol', 'Bob', 'Alice'],
    );
    const byName = await ports().users.list(org, { sort: [{ field: 'name', direction: 'asc' }], limit: 2, offset: 1 });
    t.deepEqual(
      byName.map((row) => row.name),
      ['Bob', 'Carol'],
    );
    const some = await ports().users.list(org, {
      where: [{ field: 'email', op: 'in', values: ['a@l.example', 'c@l.example'] }],
      sort: [{ field: 'name', direction: 'asc' }],
    });
    t.deepEqual(
      some.map((row) => row.name),
      ['Alice', 'Carol'],
    );
    const range = await ports().users.list(org, {
      where: [
        { field: 'createdAt', op: 'gte', value: at(2) },
        { field: 'createdAt', op: 'lte', value: at(3) },
      ],
      sort: [{ field: 'createdAt', direction: 'asc' }],
    });
    t.deepEqual(
      range.map((row) => row.name),
      ['Bob', 'Carol'],
    );
    const like = await ports().users.list(org, { where: [{ field: 'name', op: 'like', value: 'ARO' }] });
    t.deepEqual(
      like.map((row) => row.name),
      ['Carol'],
    );
    t.is(await ports().users.count(org, { where: [{ field: 'mfaSource', op: 'isNull' }] }), 3);
    await ports().users.update({ ...rows[0], deletedAt: at(9) });
    t.deepEqual(
      (await ports().users.list(org, {})).map((row) => row.name),
      ['Bob', 'Alice'],
    );
    t.is(await ports().users.get(org, rows[0].id), null);
    t.truthy(await ports().users.get(org, rows[0].id, { includeDeleted: true }));
  });

  test(`${label}: contains matches part of a field in any case; % and _ are plain characters`, async (t) => {
    const org = 'org_contains';
    const names = ['Alpha 50%', 'alpha_beta', 'ALPHABET', 'Gamma'];
    await ports().users.insertMany(names.map((name, index) => user(org, `c${index}@c.example`, index + 1, name)));
    const matching = async (text: string) =>
      (
        await ports().users.list(org, {
          where: where.contains('name', text),
          sort: [{ field: 'name', direction: 'asc' }],
        })
      )
        .map((found) => found.name)
        .sort();
    t.deepEqual(await matching('alpha'), ['ALPHABET', 'Alpha 50%', 'alpha_beta']);
    t.deepEqual(await matching('50%'), ['Alpha 50%']);
    t.deepEqual(await matching('a_b'), ['alpha_beta']);
    t.deepEqual(await matching('%'), ['Alpha 50%']);
    t.deepEqual(await matching('zeta'), []);
    t.deepEqual(
      (await ports().users.list(org, { where: where.named({ name: 'AMM', names: ['Gamma', 'Alpha 50%'] }) })).map(
        (found) => found.name,
      ),
      ['Gamma'],
    );
  });

  test(`${label}: anyOf holds when one alternative holds; no alternative matches nothing`, async (t) => {
    const org = 'org_any';
    await ports().users.insertMany([
      user(org, 'a@any.example', 1, 'Alice'),
      user(org, 'b@any.example', 2, 'Bob'),
      user(org, 'c@any.example', 3, 'Carol'),
      user(org, 'd@any.example', 4, 'Dave'),
    ]);
    const names = async (where: Parameters<StoragePorts['users']['list']>[1]['where']) =>
      (await ports().users.list(org, { where, sort: [{ field: 'name', direction: 'asc' }] })).map((row) => row.name);
    const eitherAliceOrLate = [
      {
        op: 'anyOf' as const,
        alternatives: [
          [{ field: 'email' as const, op: 'eq' as const, value: 'a@any.example' }],
          [
            { field: 'createdAt' as const, op: 'gte' as const, value: at(3) },
            { field: 'name' as const, op: 'like' as const, value: 'AV' },
          ],
        ],
      },
    ];
    t.deepEqual(await names(eitherAliceOrLate), ['Alice', 'Dave'], 'each alternative is a conjunction');
    t.deepEqual(
      await names([...eitherAliceOrLate, { field: 'createdAt', op: 'gte', value: at(2) }]),
      ['Dave'],
      'anyOf combines with the other conditions',
    );
    t.deepEqual(await names([{ op: 'anyOf', alternatives: [] }]), [], 'no alternative matches nothing');
    t.deepEqual(await names([{ op: 'anyOf', alternatives: [[]] }]), ['Alice', 'Bob', 'Carol', 'Dave']);
    t.is(await ports().users.count(org, { where: eitherAliceOrLate }), 2);
  });

  test(`${label}: update bumps the version and refuses a stale one`, async (t) => {
    const stored = await ports().users.insert(user('org_v', 'v@v.example', 1));
    const updated = await ports().users.update({ ...stored, name: 'Renamed' });
    t.is(updated.version, stored.version + 1);
    t.is((await ports().users.get('org_v', stored.id))?.name, 'Renamed');
    const stale = await t.throwsAsync(ports().users.update({ ...stored, name: 'Stale' }), { instanceOf: StaleVersion });
    t.is(stale.code, 'conflict');
    const missing = await t.throwsAsync(ports().users.update({ ...stored, id: 'user_missing' }));
    t.is((missing as { code?: string }).code, 'not_found');
    const foreign = await t.throwsAsync(ports().users.update({ ...updated, organizationId: 'org_elsewhere' }));
    t.is((foreign as { code?: string }).code, 'not_found');
  });

  test(`${label}: unique keys hold among live records only`, async (t) => {
    const first = await ports().users.insert(user('org_u', 'same@u.example', 1));
    const clash = await t.throwsAsync(ports().users.insert(user('org_u2', 'same@u.example', 2)), {
      instanceOf: DuplicateKey,
    });
    t.is(clash.code, 'conflict');
    t.deepEqual(clash.fields, ['email']);
    await ports().users.update({ ...first, deletedAt: at(5) });
    await t.notThrowsAsync(ports().users.insert(user('org_u2', 'same@u.example', 3)));
  });

  test(`${label}: insertMany ignores existing ids when asked, and refuses them otherwise`, async (t) => {
    const rows = [user('org_m', 'm1@m.example', 1), user('org_m', 'm2@m.example', 2)];
    await ports().users.insertMany(rows);
    await ports().users.insertMany([rows[0], user('org_m', 'm3@m.example', 3)], { ignoreExisting: true });
    t.is(await ports().users.count('org_m', {}), 3);
    await t.throwsAsync(ports().users.insertMany([rows[1]]), { instanceOf: DuplicateKey });
  });

  test(`${label}: a failed transaction writes nothing; nested transactions join the outer one`, async (t) => {
    const org = createOrganization({ name: 'Tx' }, { id: 'organization_tx', now: at(1) });
    await t.throwsAsync(
      ports().uow.transaction(async () => {
        await ports().organizations.insert(org);
        await ports().uow.transaction(() => ports().users.insert(user('organization_tx', 'tx@t.example', 1)));
        throw new Error('boom');
      }),
      { message: 'boom' },
    );
    t.is(await ports().organizations.get(null, org.id), null);
    t.is(await ports().users.count('organization_tx', {}), 0);
    await ports().uow.transaction(async () => {
      await ports().organizations.insert(org);
      await ports().users.insert(user('organization_tx', 'tx2@t.example', 2));
    });
    t.truthy(await ports().organizations.get('organization_tx', org.id));
  });

  test(`${label}: organizations are scoped by their own id`, async (t) => {
    const org = await ports().organizations.insert(
      createOrganization({ name: 'Scoped' }, { id: 'organization_scoped', now: at(1) }),
    );
    t.truthy(await ports().organizations.get(org.id, org.id));
    t.is(await ports().organizations.get('organization_other', org.id), null);
    t.deepEqual(
      (await ports().organizations.list(org.id, {})).map((row) => row.id),
      [org.id],
    );
  });
}
