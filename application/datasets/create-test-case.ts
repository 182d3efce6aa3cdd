import { createTestCase, type NewTestCase, type TestCase } from '../../domain/dataset/test-case.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';

/** Adds a test case to a test; the creator is recorded as its `userId`. */
export class CreateTestCase {
  constructor(private readonly ports: Pick<Ports, 'datasets' | 'testCases' | 'users' | 'ids' | 'clock'>) {}

  async execute(actor: Actor, input: NewTestCase): Promise<TestCase> {
    const scope = actor.organizationId;
    const testCase = createTestCase(
      this.ports.ids.next('testCase'),
      scope,
      actor.userId,
      input,
      this.ports.clock.now(),
    );
    await requireRecord(this.ports.datasets, scope, input.testId, 'Test');
    if (input.sourceTestCaseId) await requireRecord(this.ports.testCases, scope, input.sourceTestCaseId, 'Test case');
    if (input.reviewedById) await requireRecord(this.ports.users, scope, input.reviewedById, 'User');
    return this.ports.testCases.insert(testCase);
  }
}
