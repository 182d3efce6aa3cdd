import { createTestCase, type NewTestCase, type TestCase } from '../../domain/dataset/test-case.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** Adds a test case to a dataset; the creator is recorded as its `userId`. */
export class CreateTestCase {
  constructor(private readonly ports: Pick<Ports, 'datasets' | 'testCases' | 'users' | 'ids' | 'clock'>) {}

  async execute(actor: Actor, input: NewTestCase): Promise<TestCase> {
    const scope = actor.organizationId;
    const testCase = createTestCase(input, {
      id: this.ports.ids.next('testCase'),
      organizationId: scope,
      userId: actor.userId,
      now: this.ports.clock.now(),
    });
    await this.ports.datasets.require(scope, input.datasetId);
    if (input.sourceTestCaseId) await this.ports.testCases.require(scope, input.sourceTestCaseId);
    if (input.reviewedById) await this.ports.users.require(scope, input.reviewedById);
    return this.ports.testCases.insert(testCase);
  }
}
