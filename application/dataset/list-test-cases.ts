import { canonicalLanguageTag, isLanguageTag } from '../../domain/dataset/language-tag.ts';
import type { TestCase } from '../../domain/dataset/test-case.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { FilteredList } from '../shared/filtered-list.ts';
import type { Page } from '../shared/page.ts';

export interface TestCaseFilter extends Page<TestCase> {
  readonly ids?: readonly string[];
  readonly datasetIds?: readonly string[];
  readonly testCaseGroupIds?: readonly string[];
  readonly languageCodes?: readonly string[];
  readonly variants?: readonly string[];
  readonly strategies?: readonly string[];
  /** Superseded revisions are listed unless false (default true). */
  readonly includeLegacy?: boolean;
}

/** The organization's test cases, every revision unless `includeLegacy` is false. */
export class ListTestCases extends FilteredList<TestCase, TestCaseFilter> {
  constructor(ports: Pick<Ports, 'testCases'>) {
    super(ports.testCases, (filter) => [
      ...(filter.includeLegacy === false ? where.isNull('legacyAt') : []),
      ...where.in('id', filter.ids),
      ...where.in('datasetId', filter.datasetIds),
      ...where.in('testCaseGroupId', filter.testCaseGroupIds),
      ...where.in(
        'languageCode',
        filter.languageCodes?.map((code) => (isLanguageTag(code) ? canonicalLanguageTag(code) : code)),
      ),
      ...where.in('variant', filter.variants),
      ...where.in('strategy', filter.strategies),
    ]);
  }
}
