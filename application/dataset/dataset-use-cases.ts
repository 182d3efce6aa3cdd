import type { Ports } from '../ports/ports.ts';
import { CreateDataset } from './create-dataset.ts';
import { CreateTestCase } from './create-test-case.ts';
import { DeleteDataset } from './delete-dataset.ts';
import { DeleteTestCase } from './delete-test-case.ts';
import { GetDataset } from './get-dataset.ts';
import { GetTestCase } from './get-test-case.ts';
import { ImportTestCases } from './import-test-cases.ts';
import { ListDatasets } from './list-datasets.ts';
import { ListTestCaseLanguages } from './list-test-case-languages.ts';
import { ListTestCases } from './list-test-cases.ts';
import { UpdateDataset } from './update-dataset.ts';
import { UpdateTestCase } from './update-test-case.ts';

/** The dataset use cases: datasets, their test cases, CSV import and the language facet. */
export function createDatasetUseCases(ports: Ports) {
  return {
    listDatasets: new ListDatasets(ports),
    getDataset: new GetDataset(ports),
    createDataset: new CreateDataset(ports),
    updateDataset: new UpdateDataset(ports),
    deleteDataset: new DeleteDataset(ports),
    importTestCases: new ImportTestCases(ports),
    listTestCases: new ListTestCases(ports),
    getTestCase: new GetTestCase(ports),
    createTestCase: new CreateTestCase(ports),
    updateTestCase: new UpdateTestCase(ports),
    deleteTestCase: new DeleteTestCase(ports),
    listTestCaseLanguages: new ListTestCaseLanguages(ports),
  };
}
