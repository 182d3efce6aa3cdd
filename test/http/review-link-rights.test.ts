import test from 'ava';
import { httpDatabases, useWorld } from '../support/http-world.ts';
import { awaitingHuman, reviewScene } from '../support/review-scene.ts';

/** Issue 22.6: a MEMBER may not grant themselves review rights on a metric that is not theirs. */
for (const database of await httpDatabases()) {
  const world = useWorld(test, database);

  /** The review scene plus the OWNER's second HUMAN metric, with a confidential guideline and one evaluation. */
  const scene = async () => {
    const current = await reviewScene(world());
    const owner = current.owner.client;
    const secret = (
      await owner.post('/metrics', { name: 'Legal risk', source: 'HUMAN', judgePrompt: 'Confidential: ...' })
    ).body;
    const session = (await owner.post('/sessions', { versionId: current.version.id, customId: 'secret' })).body;
    await owner.post('/inferenceResults', { sessionId: session.id, input: 'Hi', output: 'Hello' });
    const [created] = (
      await owner.post('/evaluations/fromSession', { sessionId: session.id, metrics: [{ id: secret.id }] })
    ).body;
    return { ...current, secret, evaluation: await awaitingHuman(owner, created.id) };
  };

  test(`[${database}] a MEMBER may not link the OWNER's metric into their group, so cannot read or score it`, async (t) => {
    const { reviewer, owner, group, secret, evaluation } = await scene();
    const linked = await reviewer.client.post(`/userGroups/${group.id}/metrics`, { metricIds: [secret.id] });
    t.is(linked.status, 403);
    t.deepEqual(linked.body, {
      error: 'forbidden',
      message: "Only an OWNER or ADMIN may change a user group's metricIds",
    });
    t.deepEqual((await owner.client.get(`/userGroups/${group.id}`)).body.metricIds, group.metricIds, 'nothing linked');
    t.is((await reviewer.client.get(`/evaluations/${evaluation.id}/context`)).status, 403);
    t.is((await reviewer.client.post(`/evaluations/${evaluation.id}/submit`, { score: 1 })).status, 403);

    t.is((await owner.client.post(`/userGroups/${group.id}/metrics`, { metricIds: [secret.id] })).status, 200);
    const context = await reviewer.client.get(`/evaluations/${evaluation.id}/context`);
    t.is(context.status, 200, 'once the OWNER links it, the group reviews it');
    t.is(context.body.metric.guideline, 'Confidential: ...');
  });

  test(`[${database}] a MEMBER links a metric they create only into groups they are in`, async (t) => {
    const { reviewer, outsider, owner, group, secret } = await scene();
    const foreign = await outsider.client.post('/metrics', { name: 'Mine', source: 'HUMAN', userGroupIds: [group.id] });
    t.is(foreign.status, 403, 'the outsider is not in the group');
    t.deepEqual(foreign.body, {
      error: 'forbidden',
      message: `A MEMBER may link a new metric only to user groups they belong to; they are not in ${group.id}`,
    });
    t.is((await owner.client.get('/metrics', { names: 'Mine' })).body.length, 0, 'a refused create adds nothing');

    const own = await reviewer.client.post('/metrics', { name: 'Mine', source: 'HUMAN', userGroupIds: [group.id] });
    t.is(own.status, 201, 'a group the MEMBER is in');
    t.deepEqual(own.body.userGroupIds, [group.id]);

    const revision = await reviewer.client.post('/metrics', { parentMetricId: secret.id, userGroupIds: [group.id] });
    t.is(revision.status, 403, "a revision of the OWNER's metric may not add the MEMBER's group");
    t.regex(revision.body.message, /only to user groups that linked its parent/);
    const head = (await owner.client.get(`/metrics/${secret.id}`)).body;
    t.like(head, { legacyAt: null, userGroupIds: [] }, 'the parent is still the head, linked to nothing');
  });
}
