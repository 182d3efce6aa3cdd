import test from 'ava';
import { InvalidInput } from '../../../domain/errors.ts';
import { launchTarget } from '../../../domain/run/launch-target.ts';

const versions = [
  { id: 'v1', productId: 'p1' },
  { id: 'v2', productId: 'p1' },
  { id: 'v3', productId: 'p2' },
];
/** Sessions s1, s2… of these versions, in order. */
const sessionsIn = (...versionIds: string[]) =>
  versionIds.map((versionId, index) => ({ id: `s${index + 1}`, versionId }));

test('sessions of one version: its product and version', (t) => {
  t.deepEqual(launchTarget(sessionsIn('v1', 'v1'), versions, 'sessionIds'), { productId: 'p1', versionId: 'v1' });
});

test('sessions of several versions of one product: the product, no version', (t) => {
  t.deepEqual(launchTarget(sessionsIn('v1', 'v2'), versions, 'sessionIds'), { productId: 'p1', versionId: null });
});

test('sessions of several products: invalid input naming each product with its sessions', (t) => {
  const error = t.throws(() => launchTarget(sessionsIn('v1', 'v3'), versions, 'sessionIds'), {
    instanceOf: InvalidInput,
  });
  t.is(error.issues[0].path, 'sessionIds');
  t.regex(error.message, /2 products: p1 \(sessions s1\); p2 \(sessions s2\)/);
});

test('no session at all, or one whose version is gone: invalid input', (t) => {
  t.throws(() => launchTarget([], versions, 'sessionIds'), { instanceOf: InvalidInput, message: /none of them/ });
  t.throws(() => launchTarget([{ id: 's9', versionId: 'v_gone' }], versions, 'sessionId'), {
    instanceOf: InvalidInput,
    message: /session s9 has no live version/,
  });
});
