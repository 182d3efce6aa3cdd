import test from 'ava';
import type { Condition, ListQuery } from '../../application/ports/list-query.ts';
import type { StoragePorts } from '../../application/ports/ports.ts';
import { migrate } from '../../adapters/sequelize/migrator.ts';
import { createSequelizeStorage } from '../../adapters/sequelize/sequelize-storage.ts';
import { openDatabase, tuneDatabase } from '../../adapters/sequelize/support/database.ts';
import type { Span } from '../../domain/tracing/span.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { openStorage, storageNames } from '../support/storage-worlds.ts';
import { span as storedSpan } from './sweep-records.ts';

/**
 * Spans that started before an instant, newest stored first: the SQL stores read only the spans that started within
 * the organization's lag bound of the page's oldest candidate. Whatever path stored a span, however late after its
 * start, and whichever process stored it, the page must be the one a full read of the range gives.
 */
const BASE = Date.UTC(2026, 0, 1);
const at = (minutes: number, seconds = 0) => new Date(BASE + minutes * 60_000 + seconds * 1000).toISOString();

const span = (id: string, startMinute: number, createdMinute: number, name = 'step'): Span =>
  storedSpan('org_lag', id, 'ir_1', 'session_1', {
    name,
    startTime: at(startMinute),
    createdAt: at(createdMinute, 20),
  });

/** Span j of a steady stream: started at minute j, stored 20 seconds later; every seventh named apart. */
const steady = (prefix: string, from: number, count: number) =>
  Array.from({ length: count }, (_, index) =>
    span(`${prefix}${from + index}`, from + index, from + index, (from + index) % 7 === 0 ? 'rare' : 'step'),
  );

/** The page a full read of the range gives: the rows that match, newest stored first (ties by id, descending). */
function expectedPage(rows: readonly Span[], before: string, limit: number, name?: string): string[] {
  return rows
    .filter((row) => row.startTime !== null && row.startTime <= before && (name === undefined || row.name === name))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .slice(0, limit)
    .map((row) => row.id);
}

async function listedPage(storage: StoragePorts, before: string, limit: number, name?: string): Promise<string[]> {
  const where: Condition<Span>[] = [{ field: 'startTime', op: 'lte', value: before }];
  if (name !== undefined) where.push({ field: 'name', op: 'eq', value: name });
  const query: ListQuery<Span> = { where, limit };
  return (await storage.spans.list('org_lag', query)).map((row) => row.id);
}

/** Every page by cursor (`after` the last row of the page before) to the end of the range. */
async function walked(storage: StoragePorts, before: string, limit: number, name?: string): Promise<string[]> {
  const where: Condition<Span>[] = [{ field: 'startTime', op: 'lte', value: before }];
  if (name !== undefined) where.push({ field: 'name', op: 'eq', value: name });
  const ids: string[] = [];
  for (let after: string | undefined; ; ) {
    const page = await storage.spans.list('org_lag', { where, limit, ...(after ? { after } : {}) });
    ids.push(...page.map((row) => row.id));
    if (page.length < limit) return ids;
    after = page[page.length - 1].id;
  }
}

/** Every first page the cases ask for, and every cursor walk, compared with the full read. */
async function assertPages(t: import('ava').ExecutionContext, storage: StoragePorts, rows: readonly Span[]) {
  for (const minute of [40, 150, 250, 299])
    for (const limit of [1, 5, 30])
      for (const name of [undefined, 'rare'])
        t.deepEqual(
          await listedPage(storage, at(minute), limit, name),
          expectedPage(rows, at(minute), limit, name),
          `before minute ${minute}, limit ${limit}${name ? `, name ${name}` : ''}`,
        );
  for (const minute of [150, 299])
    for (const name of [undefined, 'rare'])
      t.deepEqual(
        await walked(storage, at(minute), 7, name),
        expectedPage(rows, at(minute), rows.length, name),
        `walk before minute ${minute}${name ? `, name ${name}` : ''}`,
      );
}

for (const name of await storageNames()) {
  test(`[${name}] spans stored long after their start are on the page, whichever write path stored them`, async (t) => {
    const world = await openStorage(name);
    try {
      const { spans, uow } = world.storage;
      const stored: Span[] = [];
      const first = steady('trace_many_', 0, 100);
      await spans.insertMany(first);
      const second = steady('trace_new_', 100, 100);
      await spans.stage?.(second);
      await uow.transaction(() => spans.insertNew(second));
      const third = steady('trace_alone_', 200, 100);
      await spans.stage?.(third);
      if (!(await spans.insertAlone?.(third))) await spans.insertMany(third, { ignoreExisting: true });
      stored.push(...first, ...second, ...third);
      await assertPages(t, world.storage, stored);
      // Each path in turn stores a span that started early but arrives now: the newest of every range holding it;
      // and one stored before it starts (a client's clock ahead), which a cursor page must not leave out.
      const late = [
        span('trace_late_many', 10, 400, 'rare'),
        span('trace_late_new', 120, 410),
        span('trace_late_one', 20, 420),
        span('trace_ahead', 140, 100, 'rare'),
      ];
      await spans.insertMany([late[0]]);
      await uow.transaction(() => spans.insertNew([late[1]]));
      await spans.insert(late[2]);
      await spans.insertMany([late[3]]);
      stored.push(...late);
      t.is((await listedPage(world.storage, at(150), 1))[0], 'trace_late_one');
      await assertPages(t, world.storage, stored);
    } finally {
      await world.close();
    }
  });

  test(`[${name}] a raised bound that rolled back is raised again by the next late span`, async (t) => {
    const world = await openStorage(name);
    try {
      const { spans, uow } = world.storage;
      const stored = steady('trace_steady_', 0, 200);
      await spans.insertMany(stored);
      await t.throwsAsync(
        uow.transaction(async () => {
          await spans.insertNew([span('trace_rolled_back', 5, 600)]);
          throw new Error('the batch fails after its insert');
        }),
        { message: 'the batch fails after its insert' },
      );
      const late = span('trace_late', 5, 600);
      await spans.insertMany([late]);
      stored.push(late);
      t.deepEqual((await listedPage(world.storage, at(100), 3)).slice(0, 1), ['trace_late']);
      await assertPages(t, world.storage, stored);
    } finally {
      await world.close();
    }
  });
}

/** Two platform processes on one database: each its own stores, and what each remembers of the bounds. */
async function twoProcesses(database: TestDatabase) {
  const handles = [openDatabase(database.url), openDatabase(database.url)];
  for (const handle of handles) await tuneDatabase(handle);
  await migrate(handles[0]);
  return {
    storages: handles.map((handle) => createSequelizeStorage(handle)),
    async close() {
      for (const handle of handles) await handle.sequelize.close();
      await database.drop();
    },
  };
}

for (const name of (await storageNames()).filter((store) => store !== 'memory')) {
  test(`[${name}] a bound another process raised is read by this one's lists and kept by its writes`, async (t) => {
    const { storages, close } = await twoProcesses(await createTestDatabase(name as 'sqlite' | 'postgres'));
    try {
      const [here, there] = storages;
      const stored = steady('trace_here_', 0, 200);
      await here.spans.insertMany(stored);
      t.deepEqual(await listedPage(here, at(100), 5), expectedPage(stored, at(100), 5));
      const late = span('trace_there_late', 3, 900);
      await there.spans.insertMany([late]);
      stored.push(late);
      t.is((await listedPage(here, at(100), 5))[0], 'trace_there_late');
      // This process still remembers the small bound: its own later span, less late than the other's, keeps the
      // larger bound stored (a raise never lowers it).
      const lessLate = span('trace_here_late', 4, 700);
      await here.spans.insertMany([lessLate]);
      stored.push(lessLate);
      await assertPages(t, here, stored);
      await assertPages(t, there, stored);
    } finally {
      await close();
    }
  });
}
