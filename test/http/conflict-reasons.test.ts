import test from 'ava';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';

// Every 409 is `error: "conflict"`; its `reason` tells a client whether sending the request again may succeed.
for (const database of await httpDatabases()) {
  const world = useWorld(test, database);
  const title = (text: string) => `[${database}] ${text}`;

  test(title('a taken unique key is a 409 conflict with reason duplicate'), async (t) => {
    const { owner } = await createTenant(world());
    t.is((await owner.post('/products', { name: 'Twice' })).status, 201);
    const again = await owner.post('/products', { name: 'Twice' });
    t.is(again.status, 409);
    t.like(again.body, { error: 'conflict', reason: 'duplicate' });
    t.regex(again.body.message, /Twice/);
  });

  test(title('a change the state forbids is a 409 conflict with reason illegal_transition'), async (t) => {
    const { owner } = await createTenant(world());
    const product = (await owner.post('/products', { name: 'Closed twice' })).body;
    const run = (await owner.post('/runs', { productId: product.id })).body;
    t.is((await owner.post(`/runs/${run.id}/close`)).status, 200);
    const again = await owner.post(`/runs/${run.id}/close`);
    t.is(again.status, 409);
    t.like(again.body, { error: 'conflict', reason: 'illegal_transition' });
  });

  test(title('a write that lost a race with another is a 409 conflict with reason stale_version'), async (t) => {
    const { owner } = await createTenant(world());
    const product = (await owner.post('/products', { name: 'Raced' })).body;
    // Concurrent renames read the same version; those that land after the first meet a stale version. Races are
    // not scheduled, so rounds repeat until one loses (on SQLite and PostgreSQL one does within the first rounds).
    const conflicts = [];
    for (let round = 0; round < 40 && conflicts.length === 0; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          owner.patch(`/products/${product.id}`, { description: `round ${round}, writer ${index}` }),
        ),
      );
      t.true(
        answers.every((answer) => answer.status === 200 || answer.status === 409),
        answers.map((answer) => answer.status).join(' '),
      );
      conflicts.push(...answers.filter((answer) => answer.status === 409));
    }
    t.true(conflicts.length > 0, 'some write lost the race');
    for (const conflict of conflicts) t.like(conflict.body, { error: 'conflict', reason: 'stale_version' });
  });
}
