import test from 'ava';
import { orderKeys, type SortKey } from '../../../application/ports/list-query.ts';
import type { StoredRecord } from '../../../domain/shared/record.ts';

type Keys = readonly SortKey<StoredRecord & { name: string; score: number }>[];

/** A list's total order: ties go by creation time, then id, in the last key's direction (one index serves both). */
const cases: [string, Keys | undefined, string[]][] = [
  ['no sort: newest first, then the id', undefined, ['createdAt desc', 'id desc']],
  [
    'a field ascending: then oldest first, then the id',
    [{ field: 'name', direction: 'asc' }],
    ['name asc', 'createdAt asc', 'id asc'],
  ],
  ['a field descending', [{ field: 'score', direction: 'desc' }], ['score desc', 'createdAt desc', 'id desc']],
  ['createdAt named: only the id is added', [{ field: 'createdAt', direction: 'asc' }], ['createdAt asc', 'id asc']],
  ['id named: nothing is added', [{ field: 'id', direction: 'asc' }], ['id asc']],
  [
    'two fields: the last one gives the direction',
    [
      { field: 'name', direction: 'asc' },
      { field: 'score', direction: 'desc' },
    ],
    ['name asc', 'score desc', 'createdAt desc', 'id desc'],
  ],
];

for (const [title, sort, expected] of cases)
  test(`orderKeys: ${title}`, (t) => {
    t.deepEqual(
      orderKeys(sort).map((key) => `${key.field} ${key.direction}`),
      expected,
    );
  });
