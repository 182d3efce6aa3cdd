import { InvalidInput } from '../../domain/errors.ts';
import { IMPORT_ROW_LIMIT, importTestCases, type ImportedRow } from '../../domain/dataset/test-case-import.ts';
import type { TestCase } from '../../domain/dataset/test-case.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { chunks } from '../shared/list-in.ts';

const CHUNK = 500;

/**
 * Adds many test cases to a dataset from decoded rows (a CSV file): every row valid, or nothing stored. The dataset is
 * checked before the first row is asked for, and rows are pulled one at a time, stopping at the first beyond
 * `IMPORT_ROW_LIMIT`, so a file that is too long is refused without being read to its end.
 */
export class ImportTestCases {
  constructor(private readonly ports: Pick<Ports, 'datasets' | 'testCases' | 'ids' | 'clock' | 'uow'>) {}

  async execute(
    actor: Actor,
    datasetId: string,
    rows: Iterable<ImportedRow> | AsyncIterable<ImportedRow>,
  ): Promise<{ imported: number; testCases: TestCase[] }> {
    const scope = actor.organizationId;
    await this.ports.datasets.require(scope, datasetId);
    const read: ImportedRow[] = [];
    for await (const row of rows) {
      if (read.length === IMPORT_ROW_LIMIT) {
        throw InvalidInput.of('rows', `an import takes at most ${IMPORT_ROW_LIMIT} rows; the file has more`);
      }
      read.push(row);
    }
    const testCases = importTestCases(read, {
      datasetId,
      organizationId: scope,
      userId: actor.userId,
      now: this.ports.clock.now(),
      nextId: () => this.ports.ids.next('testCase'),
    });
    await this.ports.uow.transaction(async () => {
      for (const part of chunks(testCases, CHUNK)) await this.ports.testCases.insertMany(part);
    });
    return { imported: testCases.length, testCases };
  }
}
