import type { Wire } from '../../adapters/http/schemas/wire-names.ts';
import test from 'ava';
import { createTenant, databaseWorlds, type Tenant } from '../support/http-world.ts';
import type { TestCase } from '../../domain/dataset/test-case.ts';
import { fieldNames } from '../support/field-names.ts';
import { issuePaths as paths, productWithTest, revisionScene } from '../support/dataset-scenes.ts';

// Test cases: the spec fields and their forms, language tags and filters.
for (const { world, title } of await databaseWorlds(test)) {
  test(title('test cases: the spec fields, plain-text forms, language tags and voice'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { dataset } = await productWithTest(tenant);
    const created = await owner.post('/testCases', {
      testId: dataset.id,
      input: 'Where is my refund?',
      context: 'Refunds take 5 days',
      expectedOutput: 'Within 5 days',
      expectedTools: ['lookup_order'],
      languageCode: 'pt-br',
      gender: 'FEMALE',
      backgroundNoiseProfile: 'street',
      backgroundNoiseLevel: 'light',
      stoppingCriterias: ['user says bye'],
      maxIterations: 5,
    });
    t.is(created.status, 201, JSON.stringify(created.body));
    const body = created.body;
    t.true(body.id.startsWith('testCase_'));
    t.deepEqual(body.input, { user_message: 'Where is my refund?' });
    t.deepEqual(body.context, { value: 'Refunds take 5 days' });
    t.is(body.languageCode, 'pt-BR');
    t.is(body.testCaseGroupId, body.id);
    t.is(body.parentTestCaseId, null);
    t.is(body.legacyAt, null);
    t.is(body.userId, tenant.ownerId);
    t.false(body.isAugmented);
    t.deepEqual(
      Object.keys(body).sort(),
      fieldNames<Wire<TestCase>, 'organizationId' | 'version'>()([
        'archetype',
        'backgroundNoiseLevel',
        'backgroundNoiseProfile',
        'confidence',
        'confidenceReason',
        'context',
        'createdAt',
        'creditsUsed',
        'deletedAt',
        'expectedOutput',
        'expectedTools',
        'gender',
        'goal',
        'id',
        'input',
        'isAugmented',
        'languageCode',
        'legacyAt',
        'maxIterations',
        'parentTestCaseId',
        'reviewedById',
        'scenario',
        'source',
        'sourceFile',
        'sourceTestCaseId',
        'specRelevance',
        'stoppingCriterias',
        'strategy',
        'testCaseGroupId',
        'testId',
        'userId',
        'userPersona',
        'userScore',
        'userScoreReason',
        'variant',
      ]),
    );
    const structured = await owner.post('/testCases', {
      testId: dataset.id,
      input: { user_message: 'Hi', channel: 'web' },
      languageCode: 'zh-Hant-TW',
    });
    t.deepEqual(structured.body.input, { user_message: 'Hi', channel: 'web' });
    t.is(structured.body.languageCode, 'zh-Hant-TW');
    t.deepEqual((await owner.get(`/testCases/${body.id}`)).body, body);
  });

  /** One tenant's test for the refused test cases below: a refusal writes nothing, so they share it. */
  let validationTest: Promise<{ owner: Tenant['owner']; testId: string }> | undefined;
  const refusalTarget = () =>
    (validationTest ??= (async () => {
      const tenant = await createTenant(world());
      return { owner: tenant.owner, testId: (await productWithTest(tenant)).dataset.id };
    })());
  /** Test case bodies refused with 400, and the field each refusal names; `testId` is filled in unless `null`. */
  const refusedTestCases: [string, Record<string, unknown>, string[]][] = [
    ['a test case needs its test', { testId: null, input: 'x' }, ['testId']],
    ['a test case needs an input', { input: undefined }, ['input']],
    ['a language tag must be BCP-47', { languageCode: 'english please' }, ['languageCode']],
    ['a language tag may not end in a hyphen', { languageCode: 'en-US-' }, ['languageCode']],
    ['gender is MALE or FEMALE', { gender: 'OTHER' }, ['gender']],
    ['gender is upper case', { gender: 'male' }, ['gender']],
    ['a noise profile needs a level', { backgroundNoiseProfile: 'office' }, ['backgroundNoiseLevel']],
    ['a noise level needs a profile', { backgroundNoiseLevel: 'heavy' }, ['backgroundNoiseProfile']],
    [
      'a noise profile must be known',
      { backgroundNoiseProfile: 'rain', backgroundNoiseLevel: 'light' },
      ['backgroundNoiseProfile'],
    ],
    ['maxIterations is at least 1', { maxIterations: 0 }, ['maxIterations']],
    ['maxIterations is never negative', { maxIterations: -3 }, ['maxIterations']],
    ['maxIterations is an integer', { maxIterations: 1.5 }, ['maxIterations']],
    ['expectedTools is a list', { expectedTools: 'lookup' }, ['expectedTools']],
    ['an input is not a list', { input: ['x'] }, ['input']],
    ['an input is not a number', { input: 42 }, ['input']],
    ['a context is not a list', { context: ['a'] }, ['context']],
    ['unknown fields are refused', { colour: 'red' }, ['colour']],
    ['confidence is at most 1', { confidence: 1.5 }, ['confidence']],
    ['confidence is never negative', { confidence: -0.1 }, ['confidence']],
    ['a user score is at most 1', { userScore: 2 }, ['userScore']],
  ];

  for (const [rule, fields, expected] of refusedTestCases) {
    test(title(`test cases: ${rule}; the refusal names the field`), async (t) => {
      const { owner, testId } = await refusalTarget();
      const body = JSON.parse(JSON.stringify({ testId, input: 'x', ...fields }));
      if (fields.testId === null) delete body.testId;
      const response = await owner.post('/testCases', body);
      t.is(response.status, 400, JSON.stringify(body));
      t.is(response.body.error, 'invalid_input');
      t.deepEqual(paths(response), expected, JSON.stringify(body));
      t.regex(response.body.message, new RegExp(expected[0]), 'the message names the field');
    });
  }

  test(title('test cases: an unknown test is a 404'), async (t) => {
    const { owner } = await refusalTarget();
    t.is((await owner.post('/testCases', { testId: 'test_missing', input: 'x' })).status, 404);
  });

  test(title('test cases: language filters match in canonical case'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { dataset } = await revisionScene(tenant);
    const french = (await owner.post('/testCases', { testId: dataset.id, input: 'Salut', languageCode: 'fr-CA' })).body;
    t.deepEqual(
      (await owner.get('/testCases', { languageCodes: 'fr-ca' })).body.map((item: { id: string }) => item.id),
      [french.id],
      'language filters match in canonical case',
    );
  });

  test(title('languages: distinct full tags, optionally for one product'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const first = await productWithTest(tenant, 'First');
    const second = await productWithTest(tenant, 'Second');
    for (const languageCode of ['en-US', 'en-GB', 'en-US', 'fr'])
      await owner.post('/testCases', { testId: first.dataset.id, input: 'x', languageCode });
    await owner.post('/testCases', { testId: first.dataset.id, input: 'no language' });
    await owner.post('/testCases', { testId: second.dataset.id, input: 'x', languageCode: 'de-AT' });
    const all = await owner.get('/testCases/languages');
    t.is(all.status, 200);
    t.deepEqual(all.body, { languages: ['de-AT', 'en-GB', 'en-US', 'fr'] });
    t.deepEqual((await owner.get('/testCases/languages', { productId: first.product.id })).body, {
      languages: ['en-GB', 'en-US', 'fr'],
    });
    t.is((await owner.get('/testCases/languages', { productId: 'product_nope' })).status, 404);
    t.is((await owner.get('/testCases/languages', { product: first.product.id })).status, 400);
    const other = await createTenant(world());
    t.deepEqual((await other.owner.get('/testCases/languages')).body, { languages: [] });
    t.is((await other.owner.get('/testCases/languages', { productId: first.product.id })).status, 404);
  });
}
