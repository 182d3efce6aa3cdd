import type { TestCase } from '../../domain/dataset/test-case.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';

/** One test case revision of the organization. */
export class GetTestCase {
  constructor(private readonly ports: Pick<Ports, 'testCases'>) {}

  execute(actor: Actor, id: string): Promise<TestCase> {
    return requireRecord(this.ports.testCases, actor.organizationId, id, 'Test case');
  }
}
