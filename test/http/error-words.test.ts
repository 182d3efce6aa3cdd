import test from 'ava';
import { createTenant, useWorld } from '../support/http-world.ts';

// Refusals a person reads: a missing field says "required", a field of several shapes says what it accepts.
const world = useWorld(test, 'sqlite');

test('a missing required field is "required", not a type mismatch with undefined', async (t) => {
  const { owner } = await createTenant(world());
  const refused = await owner.post('/products', {});
  t.is(refused.status, 400);
  t.deepEqual(refused.body.issues, [{ path: 'name', message: 'required' }]);
  t.is(refused.body.message, 'Invalid body: name: required');
  const wrongType = await owner.post('/products', { name: 7 });
  t.regex(wrongType.body.issues[0].message, /expected string, received number/, 'a value of the wrong type says so');
});

test('a union field that fails says what it accepts, in its documented words', async (t) => {
  const { owner } = await createTenant(world());
  const product = (await owner.post('/products', { name: 'Words' })).body;
  const dataset = (await owner.post('/tests', { productId: product.id, name: 'Cases' })).body;
  const refused = await owner.post('/testCases', { testId: dataset.id, input: 42 });
  t.is(refused.status, 400);
  t.deepEqual(refused.body.issues, [
    { path: 'input', message: 'expected an object, or plain text stored as {"user_message": text}' },
  ]);
});
