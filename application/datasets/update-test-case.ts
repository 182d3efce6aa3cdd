import { changeTestCase, type TestCase, type TestCaseFields } from '../../domain/dataset/test-case.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';

/** Changes a test case: a review edits the revision in place, a content change forks a new revision (returned). */
export class UpdateTestCase {
  constructor(private readonly ports: Pick<Ports, 'testCases' | 'users' | 'ids' | 'clock' | 'uow'>) {}

  execute(actor: Actor, id: string, changes: TestCaseFields): Promise<TestCase> {
    const scope = actor.organizationId;
    return this.ports.uow.transaction(async () => {
      const testCase = await requireRecord(this.ports.testCases, scope, id, 'Test case');
      if (changes.sourceTestCaseId)
        await requireRecord(this.ports.testCases, scope, changes.sourceTestCaseId, 'Test case');
      if (changes.reviewedById) await requireRecord(this.ports.users, scope, changes.reviewedById, 'User');
      const { updated, revision } = changeTestCase(
        testCase,
        changes,
        this.ports.ids.next('testCase'),
        actor.userId,
        this.ports.clock.now(),
      );
      const stored = await this.ports.testCases.update(updated);
      return revision ? this.ports.testCases.insert(revision) : stored;
    });
  }
}
