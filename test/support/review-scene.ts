import type { ApiClient } from './api-client.ts';
import { createTenant, type HttpWorld, type Tenant } from './http-world.ts';

async function ok(response: Promise<{ status: number; body: any }>, what: string): Promise<any> {
  const { status, body } = await response;
  if (status !== 200 && status !== 201) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** A person with a role in the tenant's organization and a client holding their key. */
export interface Person {
  readonly id: string;
  readonly client: ApiClient;
}

let people = 0;

/** The evaluation once the worker has sent it to the humans (PENDING_HUMAN). */
export async function awaitingHuman(client: ApiClient, id: string, timeoutMs = 20_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await client.get(`/evaluations/${id}`);
    if (body.status !== 'PENDING') return body;
    if (Date.now() > deadline) throw new Error(`evaluation ${id} still PENDING after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function addPerson(
  world: HttpWorld,
  organizationId: string,
  role: 'ADMIN' | 'OWNER' | 'MEMBER',
  name = `${role.toLowerCase()} ${++people}`,
): Promise<Person> {
  const email = `${name.replace(/[^a-z0-9]+/gi, '.').toLowerCase()}.${++people}@review.example`;
  const user = await ok(world.admin.post('/users', { organizationId, email, name, role }), 'user');
  const key = await ok(world.admin.post('/apiKeys', { userId: user.id, name: 'review' }), 'key');
  return { id: user.id, client: world.admin.as(key.key) };
}

/**
 * An organization reviewing one product with a HUMAN metric: `reviewer` is a MEMBER in the group that links the
 * metric and the product, `outsider` a MEMBER in no group, `admin` an ADMIN of the organization, and `stranger` the
 * OWNER of another organization. `pending()` makes a fresh PENDING_HUMAN evaluation of a new two-turn session.
 */
export async function reviewScene(world: HttpWorld, options: { reviewers?: number } = {}) {
  const tenant: Tenant = await createTenant(world);
  const owner = { id: tenant.ownerId, client: tenant.owner };
  const reviewer = { id: tenant.memberId, client: tenant.member };
  const admin = await addPerson(world, tenant.organizationId, 'ADMIN');
  const outsider = await addPerson(world, tenant.organizationId, 'MEMBER', 'outsider');
  const more: Person[] = [];
  for (let index = 1; index < (options.reviewers ?? 1); index += 1)
    more.push(await addPerson(world, tenant.organizationId, 'MEMBER', `reviewer ${index + 1}`));
  const other = await createTenant(world);
  const stranger = { id: other.ownerId, client: other.owner };
  const product = await ok(owner.client.post('/products', { name: 'Support bot' }), 'product');
  const version = await ok(owner.client.post('/versions', { productId: product.id, name: 'v1' }), 'version');
  const metric = await ok(
    owner.client.post('/metrics', {
      name: 'Politeness',
      source: 'HUMAN',
      judgePrompt: 'Score 1 when every answer is polite, 0 when any is rude.',
    }),
    'metric',
  );
  const group = await ok(
    owner.client.post('/userGroups', {
      name: 'Reviewers',
      userIds: [reviewer.id, ...more.map((person) => person.id)],
      metricIds: [metric.id],
      productIds: [product.id],
    }),
    'group',
  );
  let sessions = 0;
  const pending = async (): Promise<any> => {
    sessions += 1;
    const session = await ok(
      owner.client.post('/sessions', { versionId: version.id, customId: `conversation ${sessions}` }),
      'session',
    );
    for (const [input, output] of [
      [`Hello ${sessions}`, 'Hi! How can I help?'],
      ['Where is my parcel?', 'It arrives tomorrow.'],
    ])
      await ok(owner.client.post('/inferenceResults', { sessionId: session.id, input, output }), 'turn');
    const [evaluation] = await ok(
      owner.client.post('/evaluations/fromSession', { sessionId: session.id, metrics: [{ id: metric.id }] }),
      'evaluation',
    );
    return { ...(await awaitingHuman(owner.client, evaluation.id)), session };
  };
  return {
    tenant,
    owner,
    admin,
    reviewer,
    reviewers: [reviewer, ...more],
    outsider,
    stranger,
    product,
    version,
    metric,
    group,
    pending,
  };
}

export type ReviewScene = Awaited<ReturnType<typeof reviewScene>>;
