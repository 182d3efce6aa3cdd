import test from 'ava';
import type { Actor, Role } from '../../../domain/identity/role.ts';
import {
  assertMayDeleteUser,
  createUser,
  mayManageKeysOf,
  updateUser,
  type User,
} from '../../../domain/identity/user.ts';
import {
  assertMayCreateOrganization,
  assertMayDeleteOrganization,
  createOrganization,
  updateOrganization,
} from '../../../domain/organization/organization.ts';
import {
  assertMayChangeSubscription,
  isEnterpriseActive,
  freeSubscription,
  changeSubscription,
} from '../../../domain/organization/subscription.ts';
import { assertMaySeeOperations } from '../../../domain/operations/build-info.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const actor = (role: Role, userId = `user_${role}`, organizationId = 'org_1'): Actor => ({
  userId,
  organizationId,
  role,
  apiKeyId: null,
});
const person = (role: Role, id = `user_target_${role}`): User =>
  createUser(actor('ADMIN'), { email: `${id}@x.example`, name: id, role }, { id, organizationId: 'org_1', now: NOW });

test('enforceMfa: owners and admins may set it, members may not', (t) => {
  const organization = createOrganization({ name: 'Acme' }, { id: 'org_1', now: NOW });
  t.true(updateOrganization(actor('OWNER'), organization, { enforceMfa: true }).enforceMfa);
  t.true(updateOrganization(actor('ADMIN'), organization, { enforceMfa: true }).enforceMfa);
  t.throws(() => updateOrganization(actor('MEMBER'), organization, { enforceMfa: true }), { code: 'forbidden' });
  t.true(createOrganization({ name: 'Created', enforceMfa: true }, { id: 'org_2', now: NOW }).enforceMfa);
});

test('credits and billing are ADMIN-only; names must not be empty', (t) => {
  const organization = createOrganization({ name: 'Acme' }, { id: 'org_1', now: NOW });
  t.throws(() => updateOrganization(actor('OWNER'), organization, { extraCredits: 10 }), { message: /extraCredits/ });
  t.is(updateOrganization(actor('ADMIN'), organization, { extraCredits: 10 }).extraCredits, 10);
  t.throws(() => updateOrganization(actor('ADMIN'), organization, { name: '  ' }), { message: /name/ });
  t.throws(() => createOrganization({ name: '' }, { id: 'org_3', now: NOW }), { message: /name/ });
});

test('only an ADMIN creates and deletes tenants or changes their plan; never its own organization', (t) => {
  for (const role of ['OWNER', 'MEMBER'] as const) {
    t.throws(() => assertMayCreateOrganization(actor(role)), { code: 'forbidden' });
    t.throws(() => assertMayDeleteOrganization(actor(role), { id: 'org_2' }), { code: 'forbidden' });
    t.throws(() => assertMayChangeSubscription(actor(role)), { code: 'forbidden' });
  }
  t.notThrows(() => assertMayCreateOrganization(actor('ADMIN')));
  t.notThrows(() => assertMayDeleteOrganization(actor('ADMIN'), { id: 'org_2' }));
  t.throws(() => assertMayDeleteOrganization(actor('ADMIN'), { id: 'org_1' }), { code: 'forbidden' });
  t.notThrows(() => assertMayChangeSubscription(actor('ADMIN')));
});

const grants: [Role, Role, boolean][] = [
  ['ADMIN', 'ADMIN', true],
  ['ADMIN', 'OWNER', true],
  ['OWNER', 'OWNER', true],
  ['OWNER', 'MEMBER', true],
  ['OWNER', 'ADMIN', false],
  ['MEMBER', 'MEMBER', false],
];
for (const [by, role, allowed] of grants) {
  test(`${by} ${allowed ? 'may' : 'may not'} create a ${role}`, (t) => {
    const attempt = () =>
      createUser(
        actor(by),
        { email: 'new@x.example', name: 'New', role },
        { id: 'user_new', organizationId: 'org_1', now: NOW },
      );
    if (allowed) t.is(attempt().role, role);
    else t.throws(attempt, { code: 'forbidden' });
  });
}

test('users edit themselves but not their role; managers edit others', (t) => {
  const member = person('MEMBER', 'user_MEMBER');
  t.is(updateUser(actor('MEMBER'), member, { name: 'Me' }).name, 'Me');
  t.throws(() => updateUser(actor('MEMBER'), member, { role: 'OWNER' }), { code: 'forbidden' });
  t.throws(() => updateUser(actor('MEMBER', 'user_other'), member, { name: 'You' }), { code: 'forbidden' });
  t.is(updateUser(actor('OWNER'), member, { role: 'OWNER' }).role, 'OWNER');
  t.throws(() => updateUser(actor('OWNER'), person('ADMIN'), { name: 'x' }), { code: 'forbidden' });
  t.is(updateUser(actor('OWNER'), member, { email: 'NEW@X.EXAMPLE' }).email, 'new@x.example');
  t.throws(() => updateUser(actor('OWNER'), member, { email: 'not-an-email' }), { code: 'invalid_input' });
});

test('deleting users and managing their keys', (t) => {
  t.throws(() => assertMayDeleteUser(actor('MEMBER'), person('MEMBER')), { code: 'forbidden' });
  t.throws(() => assertMayDeleteUser(actor('OWNER'), person('ADMIN')), { code: 'forbidden' });
  t.throws(() => assertMayDeleteUser(actor('OWNER', 'user_self'), person('OWNER', 'user_self')), { code: 'forbidden' });
  t.notThrows(() => assertMayDeleteUser(actor('OWNER'), person('MEMBER')));
  t.true(mayManageKeysOf(actor('MEMBER', 'user_x'), person('MEMBER', 'user_x')));
  t.false(mayManageKeysOf(actor('MEMBER'), person('MEMBER')));
  t.true(mayManageKeysOf(actor('OWNER'), person('MEMBER')));
  t.false(mayManageKeysOf(actor('OWNER', 'user_o', 'org_2'), person('MEMBER')));
  t.false(mayManageKeysOf(actor('OWNER'), person('ADMIN')));
  t.true(mayManageKeysOf(actor('ADMIN', 'user_a', 'org_9'), person('MEMBER')));
});

test('operations are for admins and active enterprise subscriptions', (t) => {
  const free = freeSubscription('org_1', NOW);
  const enterprise = changeSubscription(free, { plan: 'ENTERPRISE', status: 'ACTIVE' }, NOW);
  const suspended = changeSubscription(enterprise, { plan: 'ENTERPRISE', status: 'SUSPENDED' }, NOW);
  t.false(isEnterpriseActive(free));
  t.true(isEnterpriseActive(enterprise));
  t.false(isEnterpriseActive(suspended));
  t.false(isEnterpriseActive(null));
  t.notThrows(() => assertMaySeeOperations(actor('ADMIN'), null));
  t.notThrows(() => assertMaySeeOperations(actor('MEMBER'), enterprise));
  t.throws(() => assertMaySeeOperations(actor('OWNER'), suspended), { code: 'forbidden' });
  t.throws(() => changeSubscription(free, { plan: 'FREE', status: 'ACTIVE', quantity: 0 }, NOW), {
    code: 'invalid_input',
  });
});
