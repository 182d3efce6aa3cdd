import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';

/** Soft-deletes a test case: every revision of its family goes together. */
export class DeleteTestCase {
  constructor(private readonly ports: Pick<Ports, 'testCases' | 'clock'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const scope = actor.organizationId;
    const testCase = await this.ports.testCases.require(scope, id);
    const deletedAt = this.ports.clock.now();
    await this.ports.testCases.softDeleteWhere(
      scope,
      [{ field: 'testCaseGroupId', op: 'eq', value: testCase.testCaseGroupId }],
      deletedAt,
    );
    return { id, deletedAt };
  }
}
