import test from 'ava';
import { Sequelize } from 'sequelize';
import { toErrorResponse } from '../../adapters/http/http-errors.ts';
import { defineCatalogModels } from '../../adapters/sequelize/models/catalog-models.ts';
import { defineDatasetModels } from '../../adapters/sequelize/models/dataset-models.ts';
import { defineEvaluationModels } from '../../adapters/sequelize/models/evaluation-models.ts';
import { defineIdentityModels } from '../../adapters/sequelize/models/identity-models.ts';
import { defineRunModels } from '../../adapters/sequelize/models/run-models.ts';
import { defineTracingModels } from '../../adapters/sequelize/models/tracing-models.ts';
import { defineReviewModels } from '../../adapters/sequelize/models/review-models.ts';
import { catalogKinds } from '../../adapters/shared/record-kinds/catalog-kinds.ts';
import { datasetKinds } from '../../adapters/shared/record-kinds/dataset-kinds.ts';
import { evaluationKinds } from '../../adapters/shared/record-kinds/evaluation-kinds.ts';
import { identityKinds } from '../../adapters/shared/record-kinds/identity-kinds.ts';
import { runKinds } from '../../adapters/shared/record-kinds/run-kinds.ts';
import { tracingKinds } from '../../adapters/shared/record-kinds/tracing-kinds.ts';
import { reviewKinds } from '../../adapters/shared/record-kinds/review-kinds.ts';
import { UnknownField } from '../../application/ports/list-query.ts';
import { DomainError } from '../../domain/errors.ts';
import { openStorage, storageNames } from '../support/storage-worlds.ts';

/**
 * A condition or sort key on a field the record does not have is refused by every adapter family alike, with
 * UnknownField, before any data is read: never an empty answer here and an unfiltered one there.
 */
const misspelt = 'nmae' as never;
const refusal = { instanceOf: UnknownField, message: 'TestCase records have no field "nmae"' };

for (const name of await storageNames()) {
  test(`[${name}] every query naming an unknown field is refused with the same UnknownField`, async (t) => {
    const world = await openStorage(name);
    try {
      const { testCases } = world.storage;
      await t.throwsAsync(testCases.list('org_a', { where: [{ field: misspelt, op: 'isNull' }] }), refusal);
      await t.throwsAsync(testCases.list('org_a', { where: [{ field: misspelt, op: 'eq', value: 'x' }] }), refusal);
      await t.throwsAsync(testCases.count('org_a', { where: [{ field: misspelt, op: 'in', values: ['x'] }] }), refusal);
      await t.throwsAsync(testCases.list('org_a', { sort: [{ field: misspelt, direction: 'asc' }] }), refusal);
      await t.throwsAsync(testCases.list(null, { where: [{ field: misspelt, op: 'notNull' }] }), refusal);
      await t.throwsAsync(
        testCases.list('org_a', { where: [{ op: 'anyOf', alternatives: [[], [{ field: misspelt, op: 'isNull' }]] }] }),
        refusal,
      );
      await t.throwsAsync(testCases.softDeleteWhere('org_a', [{ field: misspelt, op: 'isNull' }], 'x'), refusal);
      await t.throwsAsync(testCases.distinctValues('org_a', misspelt, []), refusal);
      t.deepEqual(await testCases.list('org_a', { where: [{ field: 'languageCode', op: 'isNull' }] }), []);
    } finally {
      await world.close();
    }
  });
}

test('an unknown field is a programming error: a 500 that reveals nothing, not a domain answer', (t) => {
  const error = new UnknownField('TestCase', 'nmae');
  t.false((error as unknown) instanceof DomainError);
  t.deepEqual(toErrorResponse(error), { status: 500, body: { error: 'internal', message: 'Internal server error' } });
});

test('each kind lists exactly the columns its SQL model has, so both families know the same fields', (t) => {
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
  const models = {
    ...defineIdentityModels(sequelize),
    ...defineCatalogModels(sequelize),
    ...defineDatasetModels(sequelize),
    ...defineTracingModels(sequelize),
    ...defineEvaluationModels(sequelize),
    ...defineRunModels(sequelize),
    ...defineReviewModels(sequelize),
  };
  const kinds = {
    ...identityKinds,
    ...catalogKinds,
    ...datasetKinds,
    ...tracingKinds,
    ...evaluationKinds,
    ...runKinds,
    ...reviewKinds,
  };
  t.deepEqual(Object.keys(models).sort(), Object.keys(kinds).sort());
  for (const [name, kind] of Object.entries(kinds)) {
    const columns = Object.keys(models[name as keyof typeof models].getAttributes()).sort();
    t.deepEqual(columns, Object.keys(kind.fields).sort(), name);
  }
});
