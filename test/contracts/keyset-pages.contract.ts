import type { TestFn } from 'ava';
import type { ListQuery, SortKey } from '../../application/ports/list-query.ts';
import type { StoragePorts } from '../../application/ports/ports.ts';
import { InvalidInput } from '../../domain/errors.ts';
import { createUser, type User } from '../../domain/identity/user.ts';
import type { StorageWorld } from '../support/storage-worlds.ts';

const admin = { userId: 'user_admin', organizationId: 'organization_platform', role: 'ADMIN' as const, apiKeyId: null };
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
let sequence = 0;

/** A user created at `minute` (several share one), signed in last at `signedIn` (null: never). */
function user(organizationId: string, minute: number, name: string, signedIn: number | null): User {
  sequence += 1;
  const id = `user_k${String(sequence).padStart(5, '0')}`;
  const created = createUser(
    admin,
    { email: `${id}@keyset.example`, name, role: 'MEMBER' },
    { id, organizationId, now: at(minute) },
  );
  return { ...created, latestSignInAt: signedIn === null ? null : at(signedIn) };
}

const SORTS: Record<string, readonly SortKey<User>[] | undefined> = {
  default: undefined,
  'createdAt asc': [{ field: 'createdAt', direction: 'asc' }],
  'name asc': [{ field: 'name', direction: 'asc' }],
  'name desc': [{ field: 'name', direction: 'desc' }],
  'latestSignInAt asc (nullable)': [{ field: 'latestSignInAt', direction: 'asc' }],
  'latestSignInAt desc (nullable)': [{ field: 'latestSignInAt', direction: 'desc' }],
  'two keys': [
    { field: 'name', direction: 'asc' },
    { field: 'createdAt', direction: 'desc' },
  ],
};

/** ListQuery.after (application/ports/list-query.ts): keyset pages over the same order as one whole page. */
export function keysetPagesContract(test: TestFn, label: string, open: () => Promise<StorageWorld>): void {
  let world: StorageWorld;
  const ports = (): StoragePorts => world.storage;
  const org = `org_keyset_${label}`;
  test.before(async () => {
    world = await open();
    const names = ['Ann', 'Bob', 'Ann', 'Cid', 'Bob', 'Dee', 'Ann', 'Eve', 'Fay'];
    await ports().users.insertMany(
      names.map((name, index) => user(org, Math.floor(index / 3), name, index % 3 === 0 ? null : 20 - (index % 4))),
    );
    await ports().users.insert(user('org_keyset_other', 1, 'Zed', null));
  });
  test.after.always(async () => world?.close());

  /** Every page of `limit` rows, each following the previous page's last row. */
  async function walk(query: ListQuery<User>, limit: number): Promise<User[]> {
    const seen: User[] = [];
    for (let after: string | undefined; ; ) {
      const page = await ports().users.list(org, { ...query, limit, ...(after ? { after } : {}) });
      seen.push(...page);
      if (page.length < limit) return seen;
      after = page.at(-1)?.id;
    }
  }

  for (const [name, sort] of Object.entries(SORTS)) {
    test(`${label}: pages after a row, sorted by ${name}, give the whole list once in order`, async (t) => {
      const whole = await ports().users.list(org, { sort });
      t.is(whole.length, 9);
      for (const limit of [1, 2, 4]) {
        t.deepEqual(
          (await walk({ sort }, limit)).map((row) => row.id),
          whole.map((row) => row.id),
        );
      }
    });
  }

  test(`${label}: null sorts after every value (last ascending, first descending), ties by id`, async (t) => {
    const ascending = await ports().users.list(org, { sort: SORTS['latestSignInAt asc (nullable)'] });
    const nulls = ascending.filter((row) => row.latestSignInAt === null);
    t.true(nulls.length > 0);
    t.deepEqual(ascending.slice(-nulls.length), nulls);
    const descending = await ports().users.list(org, { sort: SORTS['latestSignInAt desc (nullable)'] });
    t.deepEqual(descending.slice(0, nulls.length), [...nulls].reverse());
  });

  test(`${label}: a walk with a filter keeps to it`, async (t) => {
    const query: ListQuery<User> = { where: [{ field: 'name', op: 'in', values: ['Ann', 'Bob'] }] };
    const pages = await walk(query, 2);
    t.deepEqual(
      pages.map((row) => row.id),
      (await ports().users.list(org, query)).map((row) => row.id),
    );
    t.is(pages.length, 5);
  });

  test(`${label}: rows inserted during a walk never repeat nor hide the rows that were there`, async (t) => {
    const scope = `${org}_growing`;
    const before = [0, 1, 1, 2, 3, 3].map((minute, index) => user(scope, minute, `r${index}`, null));
    await ports().users.insertMany(before);
    const seen: string[] = [];
    let after: string | undefined;
    for (let round = 0; ; round++) {
      const page = await ports().users.list(scope, { limit: 2, ...(after ? { after } : {}) });
      seen.push(...page.map((row) => row.id));
      if (page.length < 2) break;
      after = page.at(-1)?.id;
      await ports().users.insertMany([user(scope, 9, `new${round}`, null), user(scope, 1, `old${round}`, null)]);
    }
    t.is(new Set(seen).size, seen.length);
    for (const row of before) t.true(seen.includes(row.id), row.name);
  });

  test(`${label}: a page after a deleted row follows it; after a row the scope lacks is InvalidInput`, async (t) => {
    const scope = `${org}_deleting`;
    await ports().users.insertMany([0, 1, 1, 2, 3].map((minute, index) => user(scope, minute, `d${index}`, null)));
    const whole = await ports().users.list(scope, {});
    const gone = whole[1];
    await ports().users.update({ ...gone, deletedAt: at(30) });
    t.deepEqual(
      (await ports().users.list(scope, { after: gone.id, limit: 2 })).map((row) => row.id),
      whole.slice(2, 4).map((row) => row.id),
    );
    const other = (await ports().users.list('org_keyset_other', {}))[0];
    for (const after of ['user_missing', other.id]) {
      const error = await t.throwsAsync(ports().users.list(scope, { after }), { instanceOf: InvalidInput });
      t.is(error?.issues[0]?.path, 'cursor');
    }
  });
}
