import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { issuePaths as paths, revisionScene } from '../support/dataset-scenes.ts';

// Test case revisions: in-place edits, forked heads, frozen superseded revisions, lists and family deletes.
for (const { world, title } of await databaseWorlds(test)) {
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
}
