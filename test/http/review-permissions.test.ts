import test from 'ava';
import { httpDatabases, useWorld } from '../support/http-world.ts';
import { type Person, reviewScene, type ReviewScene } from '../support/review-scene.ts';

type Answers = {
  readonly queue: 'listed' | 'absent';
  readonly context: number;
  readonly claim: number;
  readonly release: number;
  readonly submit: number;
};
type Row = { readonly who: string; readonly as: (scene: ReviewScene) => Person; readonly expected: Answers };

const allowed: Answers = { queue: 'listed', context: 200, claim: 200, release: 200, submit: 200 };

/** Who may do what to one PENDING_HUMAN evaluation: each row acts on its own evaluation, column by column. */
const rows: readonly Row[] = [
  { who: 'ADMIN of the organization', as: (scene) => scene.admin, expected: allowed },
  { who: 'OWNER', as: (scene) => scene.owner, expected: allowed },
  { who: 'MEMBER in the group', as: (scene) => scene.reviewer, expected: allowed },
  {
    who: 'MEMBER outside the group',
    as: (scene) => scene.outsider,
    expected: { queue: 'absent', context: 403, claim: 403, release: 403, submit: 403 },
  },
  {
    who: 'OWNER of another organization',
    as: (scene) => scene.stranger,
    expected: { queue: 'absent', context: 404, claim: 404, release: 404, submit: 404 },
  },
];

for (const database of await httpDatabases()) {
  const world = useWorld(test, database);
  let shared: Promise<ReviewScene> | undefined;
  const scene = () => (shared ??= reviewScene(world()));

  for (const row of rows) {
    test(`[${database}] permissions: ${row.who} × queue, context, claim, release, submit`, async (t) => {
      const current = await scene();
      const evaluation = await current.pending();
      const actor = row.as(current);
      const { client } = actor;
      const path = `/evaluations/${evaluation.id}`;

      const queue = await client.get('/evaluations', { statuses: 'PENDING_HUMAN', reviewable: 'true', limit: 1000 });
      t.is(queue.status, 200, 'queue');
      const listed = queue.body.some((item: { id: string }) => item.id === evaluation.id);
      t.is(listed ? 'listed' : 'absent', row.expected.queue, 'queue');

      const context = await client.get(`${path}/context`);
      t.is(context.status, row.expected.context, `context: ${JSON.stringify(context.body).slice(0, 200)}`);
      const claim = await client.post(`${path}/claim`);
      t.is(claim.status, row.expected.claim, 'claim');
      const release = await client.delete(`${path}/claim`);
      t.is(release.status, row.expected.release, 'release');
      const submit = await client.post(`${path}/submit`, { score: 0.75, reason: 'Polite throughout' });
      t.is(submit.status, row.expected.submit, 'submit');
      if (claim.status === 200) t.like(claim.body, { id: evaluation.id, humanEvaluatorId: actor.id });
      if (release.status === 200) t.like(release.body, { humanEvaluatorId: null, humanEvaluatorStartedAt: null });

      for (const response of [context, claim, release, submit].filter((answer) => answer.status >= 400))
        t.deepEqual(Object.keys(response.body).sort(), ['error', 'message'], 'errors are {error, message}');
      const stored = (await current.owner.client.get(path)).body;
      if (row.expected.submit === 200) {
        t.like(stored, { status: 'SUCCESS', score: 0.75, humanScore: 0.75, humanEvaluatorId: actor.id });
      } else {
        t.like(
          stored,
          { status: 'PENDING_HUMAN', humanEvaluatorId: null, humanEvaluatorStartedAt: null, humanScore: null },
          'nothing was touched',
        );
      }
    });
  }
}
