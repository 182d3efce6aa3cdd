import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import {
  createInferenceResultFor,
  myTurnAndAStrangers,
  postSpans,
  uniqueSpanId as spanId,
} from '../support/tracing-fixtures.ts';

for (const { world, title } of await databaseWorlds(test)) {
  test(
    title('span ids are per organization: an id another tenant took first is mine to use, and nothing tells'),
    async (t) => {
      const { me, stranger, mine, theirs } = await myTurnAndAStrangers(world());
      const root = spanId('root1');
      const child = spanId('child');
      const never = spanId('never');
      const taken = await postSpans(stranger.member, [
        { inferenceResultId: theirs.inferenceResultId, id: root, name: 'theirs' },
      ]);
      t.is(taken.status, 201);
      const send = (ids: string[]) =>
        postSpans(
          me.member,
          ids.map((id) => ({ inferenceResultId: mine.inferenceResultId, id, name: `mine ${id}` })),
          'includeRejected=true',
        );
      const withTaken = await send([root]);
      const withFresh = await send([never]);
      t.is(withTaken.status, 201, JSON.stringify(withTaken.body));
      t.is(withFresh.status, withTaken.status, 'a taken id and a never-used one answer alike');
      t.deepEqual(Object.keys(withTaken.body), Object.keys(withFresh.body));
      t.deepEqual(withTaken.body.rejected, []);
      t.like(withTaken.body.created, [{ id: root, inferenceResultId: mine.inferenceResultId, name: `mine ${root}` }]);
      const linked = await postSpans(me.member, [
        { inferenceResultId: mine.inferenceResultId, id: child, name: 'child', parentTraceId: root },
      ]);
      t.is(linked.status, 201);
      t.like((await me.member.get(`/traces/${root}`)).body, { inferenceResultId: mine.inferenceResultId });
      t.like((await stranger.member.get(`/traces/${root}`)).body, {
        inferenceResultId: theirs.inferenceResultId,
        name: 'theirs',
      });
      t.deepEqual(
        (await me.member.get('/traces', { ids: [root] })).body.map((span: { name: string }) => span.name),
        [`mine ${root}`],
        'a list shows only my span of that id',
      );
      t.is((await me.member.delete('/traces/batch', { ids: [root] })).status, 200);
      t.is((await me.member.get(`/traces/${root}`)).status, 404);
      t.is((await stranger.member.get(`/traces/${root}`)).status, 200, 'deleting mine leaves theirs');
      const again = await postSpans(stranger.member, [
        { inferenceResultId: theirs.inferenceResultId, id: root, name: 'changed' },
      ]);
      t.is(again.status, 201, 'their re-send is idempotent on their own span, untouched by my deletion');
      t.like(again.body, [{ name: 'theirs' }]);
    },
  );

  test(
    title('a re-sent id of a soft-deleted span is refused as deleted_span: a 2xx always means stored'),
    async (t) => {
      const { me, stranger, mine, theirs } = await myTurnAndAStrangers(world());
      const gone = spanId('gone');
      const span = { inferenceResultId: mine.inferenceResultId, id: gone, name: 'once' };
      t.is((await postSpans(me.member, [span])).status, 201);
      t.is((await me.member.delete('/traces/batch', { ids: [gone] })).status, 200);
      const alone = await postSpans(me.member, [span]);
      t.is(alone.status, 400, 'the only span of the batch refused: nothing stored, no 2xx');
      t.regex(alone.body.issues[0].message, /^deleted_span: /);
      const single = await me.member.post('/traces', span);
      t.is(single.status, 400);
      const mixed = await postSpans(
        me.member,
        [span, { inferenceResultId: mine.inferenceResultId, name: 'fresh' }],
        'includeRejected=true',
      );
      t.is(mixed.status, 201);
      t.deepEqual(
        mixed.body.created.map((created: { name: string }) => created.name),
        ['fresh'],
        'the deleted span is not listed as created',
      );
      t.like(mixed.body.rejected, [{ index: 0, id: gone, error: 'deleted_span' }]);
      t.is((await me.member.get(`/traces/${gone}`)).status, 404, 'not revived');
      t.is((await me.member.get(`/inferenceResults/${mine.inferenceResultId}`)).body.droppedSpanCount, 0);
      const elsewhere = await postSpans(stranger.member, [
        { inferenceResultId: theirs.inferenceResultId, id: gone, name: 'theirs' },
      ]);
      t.is(elsewhere.status, 201, "another organization's span of the same id is its own, stored");
      t.like((await stranger.member.get(`/traces/${gone}`)).body, { name: 'theirs', deletedAt: null });
      t.is((await me.member.get(`/traces/${gone}`)).status, 404);
    },
  );

  test(title('re-sending a batch with refused spans counts a refused id once, an id-less one each time'), async (t) => {
    const { me, stranger, mine, theirs } = await myTurnAndAStrangers(world());
    const bad = spanId('bad');
    const batch = (inferenceResultId: string) => ({
      traces: [
        { inferenceResultId, name: 'fine' },
        { inferenceResultId, id: bad, name: '' },
        { inferenceResultId, id: bad, name: '' },
        { inferenceResultId, name: 'slow', latencyMs: -1 },
      ],
    });
    for (let round = 0; round < 3; round++)
      t.is((await me.member.post('/traces/batch', batch(mine.inferenceResultId))).status, 201);
    t.is(
      (await me.member.get(`/inferenceResults/${mine.inferenceResultId}`)).body.droppedSpanCount,
      1 + 3,
      'the refused id once, the id-less refused span in each of the three sends',
    );
    t.is((await stranger.member.post('/traces/batch', batch(theirs.inferenceResultId))).status, 201);
    t.is(
      (await stranger.member.get(`/inferenceResults/${theirs.inferenceResultId}`)).body.droppedSpanCount,
      2,
      'another organization refusing the same id counts it for itself',
    );
    t.is((await me.member.get(`/inferenceResults/${mine.inferenceResultId}`)).body.droppedSpanCount, 4);
  });

  test(title('return=minimal answers the counts only, and stores the same'), async (t) => {
    const me = await createTenant(world());
    const mine = await createInferenceResultFor(world(), me);
    const answer = await postSpans(
      me.member,
      [
        { inferenceResultId: mine.inferenceResultId, name: 'one' },
        { inferenceResultId: mine.inferenceResultId, name: 'two' },
        { inferenceResultId: mine.inferenceResultId, name: '' },
      ],
      'return=minimal',
    );
    t.is(answer.status, 201);
    t.deepEqual(answer.body, { created: 2, rejected: 1 });
    t.is((await me.member.get('/traces', { inferenceResultIds: [mine.inferenceResultId] })).body.length, 2);
    t.is((await postSpans(me.member, [{}], 'return=everything')).status, 400);
  });

  test(title('return=minimal counts as created only the spans this batch stored, not re-sent ones'), async (t) => {
    const me = await createTenant(world());
    const { inferenceResultId } = await createInferenceResultFor(world(), me);
    const [first, second, third] = ['first', 'second', 'third'].map((label) => spanId(label));
    const once = await postSpans(me.member, [{ id: first, inferenceResultId, name: 'one' }], 'return=minimal');
    t.deepEqual(once.body, { created: 1, rejected: 0 });
    const resent = await postSpans(
      me.member,
      [
        { id: first, inferenceResultId, name: 'one' },
        { id: second, inferenceResultId, name: 'two' },
        { id: second, inferenceResultId, name: 'two' },
        { id: third, inferenceResultId, name: '' },
      ],
      'return=minimal',
    );
    t.is(resent.status, 201);
    t.deepEqual(resent.body, { created: 1, rejected: 1 }, 'the re-sent span and the repeat are not new');
    const again = await postSpans(me.member, [{ id: first, inferenceResultId, name: 'one' }], 'return=minimal');
    t.is(again.status, 201, 'a batch of re-sent spans is still stored (nothing new), not refused');
    t.deepEqual(again.body, { created: 0, rejected: 0 });
    t.is((await me.member.get('/traces', { inferenceResultIds: [inferenceResultId] })).body.length, 2);
  });
}
