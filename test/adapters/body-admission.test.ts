import test from 'ava';
import { BodyAdmission } from '../../adapters/http/body-admission.ts';

const WAIT = { waitMs: 5_000 };

/** An admission that may have to wait: whether it was let in yet, and (once it was) its release. */
function waitingAdmission(admission: BodyAdmission, caller: string, bytes: number) {
  let release: (() => void) | null = null;
  const admitted = admission.admit(caller, bytes, WAIT).then((given) => {
    release = given;
  });
  return { admitted, letIn: () => release !== null, release: () => (release as unknown as () => void)() };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

test('bodies that fit the budget are let in at once; one that does not waits for room', async (t) => {
  const admission = new BodyAdmission(100);
  const first = await admission.admit('org_a', 60, WAIT);
  const second = await admission.admit('org_a', 40, WAIT);
  t.is(admission.bytesInFlight, 100);
  const third = waitingAdmission(admission, 'org_a', 30);
  await nextTurn();
  t.false(third.letIn(), 'no room yet');
  second?.();
  await third.admitted;
  t.true(third.letIn());
  t.is(admission.bytesInFlight, 90);
  first?.();
  third.release();
  t.is(admission.bytesInFlight, 0);
});

test('waiters are let in by turns across callers, not in arrival order', async (t) => {
  const admission = new BodyAdmission(10);
  const holder = await admission.admit('org_flood', 10, WAIT);
  const order: string[] = [];
  const waiters = [
    ...[1, 2, 3].map((n) => admission.admit('org_flood', 10, WAIT).then((release) => ({ who: `flood${n}`, release }))),
    admission.admit('org_other', 10, WAIT).then((release) => ({ who: 'other', release })),
  ];
  for (const waiter of waiters)
    void waiter.then(({ who, release }) => order.push(who) && release && setImmediate(release));
  holder?.();
  await Promise.all(waiters);
  t.deepEqual(order, ['flood1', 'other', 'flood2', 'flood3']);
});

test('a body larger than the whole budget is let in alone', async (t) => {
  const admission = new BodyAdmission(10);
  const small = await admission.admit('org_a', 5, WAIT);
  const big = waitingAdmission(admission, 'org_a', 1_000);
  await nextTurn();
  t.false(big.letIn(), 'waits for the small one to finish');
  small?.();
  await big.admitted;
  t.is(admission.bytesInFlight, 10, 'counted as the whole budget');
  big.release();
});

test('large bodies go beside other large ones only, up to the limit; ordinary bodies wait for them', async (t) => {
  const admission = new BodyAdmission(10, 2);
  const first = await admission.admit('org_a', 1_000, WAIT);
  const second = waitingAdmission(admission, 'org_b', 2_000);
  await second.admitted;
  t.true(second.letIn(), 'a second large body goes beside the first');
  const third = waitingAdmission(admission, 'org_c', 3_000);
  const ordinary = waitingAdmission(admission, 'org_d', 1);
  await nextTurn();
  t.false(third.letIn(), 'no third large body at once');
  t.false(ordinary.letIn(), 'no ordinary body beside large ones');
  first?.();
  await third.admitted;
  t.false(ordinary.letIn());
  second.release();
  third.release();
  await ordinary.admitted;
  t.true(ordinary.letIn());
  const large = waitingAdmission(admission, 'org_a', 1_000);
  await nextTurn();
  t.false(large.letIn(), 'a large body waits for the ordinary ones to finish');
  ordinary.release();
  await large.admitted;
  large.release();
  t.is(admission.bytesInFlight, 0);
});

test('a wait ends with null after waitMs, or when the client goes away, and frees its turn', async (t) => {
  const admission = new BodyAdmission(10);
  const holder = await admission.admit('org_a', 10, WAIT);
  t.is(await admission.admit('org_b', 5, { waitMs: 20 }), null, 'timed out');
  let cancel = () => {};
  const abandoned = admission.admit('org_c', 5, {
    waitMs: 5_000,
    abandoned: (giveUp) => {
      cancel = giveUp;
    },
  });
  cancel();
  t.is(await abandoned, null);
  holder?.();
  const next = await admission.admit('org_d', 10, { waitMs: 20 });
  t.truthy(next, 'nothing left waiting holds the budget');
  next?.();
  next?.();
  t.is(admission.bytesInFlight, 0, 'releasing twice gives back once');
});
