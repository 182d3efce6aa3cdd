import type { Wire } from '../../adapters/http/schemas/wire-names.ts';
import test from 'ava';
import { createTenant, databaseWorlds, type Tenant } from '../support/http-world.ts';
import type { TestCase } from '../../domain/dataset/test-case.ts';
import { fieldNames } from '../support/field-names.ts';

const paths = (response: { body: { issues?: { path: string }[] } }) =>
  (response.body.issues ?? []).map((issue) => issue.path);

async function productWithTest(tenant: Tenant, name = 'Bot') {
  const product = (await tenant.owner.post('/products', { name })).body;
  const dataset = (await tenant.owner.post('/tests', { productId: product.id, name: 'Golden set' })).body;
  return { product, dataset };
}

/** A product with a specification and a test "Refunds" written for it (with metadata and background noise). */
async function testScene(tenant: Tenant) {
  const { owner } = tenant;
  const product = (await owner.post('/products', { name: 'P' })).body;
  const spec = (await owner.post('/specifications', { productId: product.id, name: 'S' })).body;
  const created = await owner.post('/tests', {
    productId: product.id,
    name: 'Refunds',
    specificationId: spec.id,
    metadata: { owner: 'qa' },
    backgroundNoiseProfile: 'office',
    backgroundNoiseLevel: 'medium',
  });
  return { product, spec, created };
}

/**
 * A test case reviewed by the owner and tagged in place, then revised by the member (a content change): `original`
 * is the superseded root, `revised` the new head.
 */
async function revisionScene(tenant: Tenant) {
  const { owner, member } = tenant;
  const { dataset } = await productWithTest(tenant);
  const original = (
    await owner.post('/testCases', {
      testId: dataset.id,
      input: 'Hello',
      expectedOutput: 'Hi',
      variant: 'plain',
      strategy: 'direct',
    })
  ).body;
  const reviewed = await owner.patch(`/testCases/${original.id}`, {
    userScore: 0.8,
    userScoreReason: 'fine',
    reviewedById: tenant.ownerId,
  });
  const tagged = await owner.patch(`/testCases/${original.id}`, { variant: 'typo' });
  const revised = await member.patch(`/testCases/${original.id}`, { expectedOutput: 'Hello there' });
  return { dataset, original, reviewed, tagged, revised };
}

const csv = (text: string) => ({ raw: text, headers: { 'content-type': 'text/csv' } });

for (const { world, title } of await databaseWorlds(test)) {
  test(title('tests: created with its fields, by its creator, and linked from its specification'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { spec, created } = await testScene(tenant);
    t.is(created.status, 201, JSON.stringify(created.body));
    t.true(created.body.id.startsWith('test_'));
    t.is(created.body.specificationId, spec.id);
    t.is(created.body.userId, tenant.ownerId);
    t.is(created.body.type, 'QUALITY', 'type defaults to QUALITY');
    t.deepEqual(created.body.metadata, { owner: 'qa' });
    t.deepEqual([created.body.backgroundNoiseProfile, created.body.backgroundNoiseLevel], ['office', 'medium']);
    t.deepEqual((await owner.get(`/specifications/${spec.id}`)).body.testIds, [created.body.id]);
  });

  test(title('tests: name and type are unique per product'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { product } = await testScene(tenant);
    t.is((await owner.post('/tests', { productId: product.id, name: 'Refunds' })).status, 409);
    const redTeam = await owner.post('/tests', { productId: product.id, name: 'Refunds', type: 'RED_TEAMING' });
    t.is(redTeam.status, 201, 'same name, other type');
    const retyped = await owner.patch(`/tests/${redTeam.body.id}`, { type: 'QUALITY' });
    t.is(retyped.status, 409);
    t.regex(retyped.body.message, /QUALITY test named "Refunds" already exists/);
    t.deepEqual(
      (await owner.get('/tests', { types: 'RED_TEAMING' })).body.map((item: { id: string }) => item.id),
      [redTeam.body.id],
    );
  });

  test(title('tests: moving a test to no specification unlinks it'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { product, spec, created } = await testScene(tenant);
    const moved = await owner.patch(`/tests/${created.body.id}`, {
      specificationId: null,
      description: 'All refund cases',
    });
    t.is(moved.status, 200);
    t.is(moved.body.specificationId, null);
    t.deepEqual((await owner.get(`/specifications/${spec.id}`)).body.testIds, []);
    const listed = await owner.get('/tests', { productIds: product.id });
    t.deepEqual(
      listed.body.map((item: { id: string }) => item.id),
      [created.body.id],
    );
  });

  test(title('tests: deleting a test deletes its test cases and unlinks it'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { spec, created } = await testScene(tenant);
    await owner.patch(`/tests/${created.body.id}`, { specificationId: null });
    await owner.patch(`/tests/${created.body.id}`, { specificationId: spec.id });
    t.deepEqual((await owner.get(`/specifications/${spec.id}`)).body.testIds, [created.body.id], 'linked again');
    const testCase = (await owner.post('/testCases', { testId: created.body.id, input: 'Hi' })).body;
    const deleted = await owner.delete(`/tests/${created.body.id}`);
    t.is(deleted.status, 200);
    t.is((await owner.get(`/tests/${created.body.id}`)).status, 404);
    t.is((await owner.get(`/testCases/${testCase.id}`)).status, 404, 'its test cases go with it');
    t.deepEqual((await owner.get(`/specifications/${spec.id}`)).body.testIds, []);
  });

  test(title('tests: validation names the field'), async (t) => {
    const { owner } = await createTenant(world());
    const product = (await owner.post('/products', { name: 'P' })).body;
    const other = (await owner.post('/products', { name: 'Q' })).body;
    const otherSpec = (await owner.post('/specifications', { productId: other.id, name: 'S' })).body;
    t.deepEqual(paths(await owner.post('/tests', { productId: product.id })), ['name']);
    t.deepEqual(paths(await owner.post('/tests', { name: 'x' })), ['productId']);
    t.deepEqual(paths(await owner.post('/tests', { productId: product.id, name: ' ' })), ['name']);
    t.deepEqual(
      paths(await owner.post('/tests', { productId: product.id, name: 'x', specificationId: otherSpec.id })),
      ['specificationId'],
    );
    t.deepEqual(paths(await owner.post('/tests', { productId: product.id, name: 'x', size: 3 })), ['size']);
    t.deepEqual(paths(await owner.post('/tests', { productId: product.id, name: 'x', type: 'FUN' })), ['type']);
    t.deepEqual(paths(await owner.post('/tests', { productId: product.id, name: 'x', metadata: [1] })), ['metadata']);
    t.deepEqual(
      paths(await owner.post('/tests', { productId: product.id, name: 'x', backgroundNoiseProfile: 'car' })),
      ['backgroundNoiseLevel'],
    );
    t.deepEqual(
      paths(await owner.post('/tests', { productId: product.id, name: 'x', backgroundNoiseLevel: 'heavy' })),
      ['backgroundNoiseProfile'],
    );
    t.is((await owner.post('/tests', { productId: 'product_missing', name: 'x' })).status, 404);
  });

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

  test(title('test cases: a new test case is the root of its own family'), async (t) => {
    const { original } = await revisionScene(await createTenant(world()));
    t.is(original.parentTestCaseId, null);
    t.is(original.testCaseGroupId, original.id);
  });

  test(title('test cases: annotations and descriptive fields edit the head in place'), async (t) => {
    const { original, reviewed, tagged } = await revisionScene(await createTenant(world()));
    t.is(reviewed.status, 200);
    t.is(reviewed.body.id, original.id);
    t.is(reviewed.body.userScore, 0.8);
    t.is(tagged.body.id, original.id, 'a descriptive field edits in place');
  });

  test(title('test cases: a content change forks a new head by its editor, with annotations reset'), async (t) => {
    const tenant = await createTenant(world());
    const { original, revised } = await revisionScene(tenant);
    t.is(revised.status, 200);
    t.not(revised.body.id, original.id);
    t.is(revised.body.testCaseGroupId, original.id);
    t.is(revised.body.parentTestCaseId, original.id);
    t.is(revised.body.expectedOutput, 'Hello there');
    t.is(revised.body.userId, tenant.memberId);
    t.is(revised.body.legacyAt, null);
    t.deepEqual(
      [revised.body.userScore, revised.body.userScoreReason, revised.body.reviewedById],
      [null, null, null],
      'annotations reset',
    );
  });

  test(title('test cases: the superseded revision stays readable and is frozen'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { original } = await revisionScene(tenant);
    const old = await owner.get(`/testCases/${original.id}`);
    t.is(old.status, 200, 'a legacy revision is readable');
    t.truthy(old.body.legacyAt);
    t.is(old.body.expectedOutput, 'Hi');
    t.is(old.body.userScore, 0.8);
    const frozen = await owner.patch(`/testCases/${original.id}`, { expectedOutput: 'again' });
    t.is(frozen.status, 409);
    t.is(frozen.body.error, 'conflict');
    t.is(
      (await owner.patch(`/testCases/${original.id}`, { userScore: 1 })).status,
      409,
      'annotations of a legacy revision too',
    );
  });

  test(title('test cases: lists show every revision unless includeLegacy is false, and filter'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { dataset, original, revised } = await revisionScene(tenant);
    const ids = (response: { body: { id: string }[] }) => response.body.map((item) => item.id).sort();
    t.deepEqual(
      ids(await owner.get('/testCases', { testIds: dataset.id })),
      [original.id, revised.body.id].sort(),
      'includeLegacy defaults to true',
    );
    t.deepEqual(ids(await owner.get('/testCases', { testIds: dataset.id, includeLegacy: false })), [revised.body.id]);
    t.is((await owner.get('/testCases', { testCaseGroupIds: original.id })).body.length, 2);
    t.deepEqual(ids(await owner.get('/testCases', { ids: original.id })), [original.id]);
    t.deepEqual(ids(await owner.get('/testCases', { variants: 'typo', includeLegacy: false })), [revised.body.id]);
    t.deepEqual(
      ids(await owner.get('/testCases', { strategies: ['direct', 'other'] })),
      [original.id, revised.body.id].sort(),
    );
    t.deepEqual(ids(await owner.get('/testCases', { strategies: 'other' })), []);
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

  test(title('test cases: a refused change of the head names the field'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { revised } = await revisionScene(tenant);
    t.deepEqual(paths(await owner.patch(`/testCases/${revised.body.id}`, { languageCode: '12' })), ['languageCode']);
    t.deepEqual(paths(await owner.patch(`/testCases/${revised.body.id}`, { backgroundNoiseLevel: 'light' })), [
      'backgroundNoiseProfile',
    ]);
  });

  test(title('test cases: deleting the head deletes the whole family'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { original, revised } = await revisionScene(tenant);
    t.is((await owner.delete(`/testCases/${revised.body.id}`)).status, 200);
    t.is((await owner.get(`/testCases/${original.id}`)).status, 404, 'the whole family is deleted');
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

  test(title('CSV import: rows become test cases, from JSON and plain cells'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { dataset } = await productWithTest(tenant);
    const file = [
      'input,expected_output,expectedTools,languageCode,context,maxIterations,isAugmented',
      'Where is my order?,It ships today,lookup_order|notify,en-US,,3,true',
      '"{""user_message"": ""Hola"", ""channel"": ""sms""}",Hola,"[""greet""]",es-MX,"Multi, line\ncontext",,',
    ].join('\n');
    const imported = await owner.request('POST', `/tests/${dataset.id}/testCases/import`, csv(file));
    t.is(imported.status, 201, JSON.stringify(imported.body));
    t.is(imported.body.imported, 2);
    const [first, second] = imported.body.testCases;
    t.deepEqual(first.input, { user_message: 'Where is my order?' });
    t.deepEqual(first.expectedTools, ['lookup_order', 'notify']);
    t.is(first.maxIterations, 3);
    t.true(first.isAugmented);
    t.is(first.context, null);
    t.deepEqual(second.input, { user_message: 'Hola', channel: 'sms' });
    t.deepEqual(second.context, { value: 'Multi, line\ncontext' });
    t.is(second.languageCode, 'es-MX');
    t.is((await owner.get('/testCases', { testIds: dataset.id })).body.length, 2);
  });

  test(title('CSV import: one bad row refuses the whole file, naming every bad row'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { dataset } = await productWithTest(tenant);
    const broken = ['input,languageCode,maxIterations', 'ok,en,1', ',xx-,two', 'fine,en,'].join('\n');
    const refused = await owner.request('POST', `/tests/${dataset.id}/testCases/import`, csv(broken));
    t.is(refused.status, 400);
    t.deepEqual(
      paths(refused).sort(),
      ['rows.2.input', 'rows.2.languageCode', 'rows.2.maxIterations'],
      'rows count data rows from 1',
    );
    t.regex(refused.body.message, /nothing was stored/);
    t.regex(refused.body.message, /row 2: /);
    const badScore = await owner.request(
      'POST',
      `/tests/${dataset.id}/testCases/import`,
      csv('input,user_score,gender\na,0.5,FEMALE\nb,7,MALE\nc,1,robot'),
    );
    t.deepEqual(paths(badScore).sort(), ['rows.2.userScore', 'rows.3.gender']);
    t.is((await owner.get('/testCases', { testIds: dataset.id })).body.length, 0, 'nothing stored');
  });

  test(title('CSV import: unknown columns, ragged rows and files without rows are refused'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { dataset } = await productWithTest(tenant);
    const unknown = await owner.request('POST', `/tests/${dataset.id}/testCases/import`, csv('prompt,answer\na,b'));
    t.deepEqual(paths(unknown), ['columns.prompt', 'columns.answer', 'columns.input']);
    const ragged = await owner.request('POST', `/tests/${dataset.id}/testCases/import`, csv('input,goal\na,b,c'));
    t.is(ragged.status, 400);
    t.is((await owner.request('POST', `/tests/${dataset.id}/testCases/import`, csv('input\n'))).status, 400);
  });

  test(title("CSV import: only CSV is taken, and another organization's test is unknown"), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { dataset } = await productWithTest(tenant);
    const json = await owner.post(`/tests/${dataset.id}/testCases/import`, { rows: [] });
    t.is(json.status, 415);
    t.is(json.body.error, 'unsupported_media_type');
    const other = await createTenant(world());
    t.is((await other.owner.request('POST', `/tests/${dataset.id}/testCases/import`, csv('input\nx'))).status, 404);
  });

  test(title('tenancy: another organization’s tests and test cases are 404 and cannot be touched'), async (t) => {
    const mine = await createTenant(world());
    const theirs = await createTenant(world());
    const { product, dataset } = await productWithTest(theirs);
    const testCase = (await theirs.owner.post('/testCases', { testId: dataset.id, input: 'secret' })).body;
    for (const [path, change] of [
      [`/tests/${dataset.id}`, { description: 'mine' }],
      [`/testCases/${testCase.id}`, { expectedOutput: 'x' }],
    ] as const) {
      t.is((await mine.owner.get(path)).status, 404, path);
      t.is((await mine.owner.patch(path, change)).status, 404, path);
      t.is((await mine.owner.delete(path)).status, 404, path);
    }
    t.is((await mine.owner.post('/tests', { productId: product.id, name: 'x' })).status, 404);
    t.is((await mine.owner.post('/testCases', { testId: dataset.id, input: 'x' })).status, 404);
    t.deepEqual((await mine.owner.get('/tests')).body, []);
    t.deepEqual((await mine.owner.get('/testCases', { testIds: dataset.id })).body, []);
    const mySet = await productWithTest(mine);
    const sourced = await mine.owner.post('/testCases', {
      testId: mySet.dataset.id,
      input: 'x',
      sourceTestCaseId: testCase.id,
    });
    t.is(sourced.status, 404);
    const myCase = (await mine.owner.post('/testCases', { testId: mySet.dataset.id, input: 'x' })).body;
    t.is(
      (await mine.owner.patch(`/testCases/${myCase.id}`, { reviewedById: theirs.ownerId })).status,
      404,
      'a reviewer of another organization',
    );
    t.is((await theirs.owner.get(`/testCases/${testCase.id}`)).body.input.user_message, 'secret', 'untouched');
  });
}
