import { changeTestCase } from '../../domain/dataset/test-case-revision.ts';
import type { TestCase, TestCaseFields } from '../../domain/dataset/test-case.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** Changes a test case: a review edits the revision in place, a content change forks a new revision (returned). */
export class UpdateTestCase {
  constructor(private readonly ports: Pick<Ports, 'testCases' | 'users' | 'ids' | 'clock' | 'uow'>) {}

  execute(actor: Actor, id: string, changes: TestCaseFields): Promise<TestCase> {
    const scope = actor.organizationId;
    return this.ports.uow.transaction(async () => {
      const testCase = await this.ports.testCases.require(scope, id);
      if (changes.sourceTestCaseId) await this.ports.testCases.require(scope, changes.sourceTestCaseId);
      if (changes.reviewedById) await this.ports.users.require(scope, changes.reviewedById);
      const { updated, revision } = changeTestCase(testCase, changes, {
        revisionId: this.ports.ids.next('testCase'),
        userId: actor.userId,
        now: this.ports.clock.now(),
      });
      const stored = await this.ports.testCases.update(updated);
      return revision ? this.ports.testCases.insert(revision) : stored;
    });
  }
}
