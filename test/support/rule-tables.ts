import test, { type ExecutionContext } from 'ava';
import { Conflict } from '../../domain/errors.ts';
import type { Ports } from '../../application/ports/ports.ts';
import type { UseCases } from '../../application/use-cases.ts';
import { breakingUseCases, ProvokedFailure, storeSnapshot, type UseCaseParts } from './memory-world.ts';

/** What a use case answers in one case of an access table: it runs, or it fails with this error code. */
export type Outcome = 'allowed' | 'not_found' | 'forbidden' | 'invalid_input' | 'conflict';

export interface AccessCase<W> {
  readonly rule: string;
  /** Writes what the case needs before the snapshot is taken. */
  readonly prepare?: (world: W) => Promise<void>;
  readonly act: (world: W) => Promise<unknown>;
  readonly expected: Outcome;
}

/**
 * Asserts that `attempt` fails with the error code of `expected`; a conflict may be any kind of Conflict (stale
 * version, duplicate key, illegal transition), told apart by class or code, never by message.
 */
export async function assertRefused(
  t: ExecutionContext,
  attempt: Promise<unknown>,
  expected: Exclude<Outcome, 'allowed'>,
): Promise<void> {
  if (expected !== 'conflict') {
    await t.throwsAsync(attempt, { code: expected });
    return;
  }
  const error = await t.throwsAsync(attempt);
  t.true(error instanceof Conflict || (error as { code?: string } | undefined)?.code === 'conflict', String(error));
}

/**
 * One test per case: the use case runs, or fails with the expected code and leaves every store as it was (a refused
 * request writes nothing, not even part of its work).
 */
export function accessTable<W extends Parameters<typeof storeSnapshot>[0]>(
  prefix: string,
  build: () => Promise<W>,
  cases: readonly AccessCase<W>[],
): void {
  for (const { rule, prepare, act, expected } of cases) {
    test(`${prefix}: ${rule}`, async (t) => {
      const world = await build();
      await prepare?.(world);
      const before = await storeSnapshot(world);
      if (expected === 'allowed') {
        await t.notThrowsAsync(act(world));
        return;
      }
      await assertRefused(t, act(world), expected);
      t.deepEqual(await storeSnapshot(world), before, 'a refused request writes nothing');
    });
  }
}

/**
 * A tenancy table: every act reaches for another organization's record, which must behave as an unknown id
 * (not_found) and leave every store as it was. One test per rule, named `tenancy: <rule>`.
 */
export function unknownToOthers<W extends Parameters<typeof storeSnapshot>[0]>(
  build: () => Promise<W>,
  acts: Readonly<Record<string, AccessCase<W>['act']>>,
): void {
  accessTable(
    'tenancy',
    build,
    Object.entries(acts).map(([rule, act]) => ({ rule, act, expected: 'not_found' })),
  );
}

export interface AllOrNothingCase<W> {
  readonly rule: string;
  /** The port whose method fails, and after how many successful calls (none unless given). */
  readonly breaks: { readonly port: keyof Ports; readonly method: string; readonly passes?: number };
  /** Runs the use case under test with the broken use cases. */
  readonly act: (broken: UseCases, world: W) => Promise<unknown>;
}

/**
 * One test per case: a storage or queue failure provoked halfway through a use case fails it and leaves every store
 * (and the job queue) exactly as it was, so no request is ever half written.
 */
export function allOrNothingTable<W extends Parameters<typeof storeSnapshot>[0] & UseCaseParts>(
  prefix: string,
  build: () => Promise<W>,
  cases: readonly AllOrNothingCase<W>[],
): void {
  for (const { rule, breaks, act } of cases) {
    test(`${prefix}: ${rule}`, async (t) => {
      const world = await build();
      const before = await storeSnapshot(world);
      const broken = breakingUseCases(world, breaks.port, breaks.method, breaks.passes);
      await t.throwsAsync(act(broken, world), { instanceOf: ProvokedFailure });
      t.deepEqual(await storeSnapshot(world), before);
    });
  }
}

/** The field paths an InvalidInput names. */
export const issuePaths = (error: unknown): string[] =>
  ((error as { issues?: { path: string }[] } | undefined)?.issues ?? []).map((issue) => issue.path);
