import test from 'ava';
import { accessTable, issuePaths, unknownToOthers } from '../../support/rule-tables.ts';
import { type MemoryConnection, type MemoryConnections, memoryConnections } from '../../support/memory-connections.ts';
import { memoryTenants } from '../../support/memory-tenants.ts';
import { onTheirs } from '../../support/tenancy-acts.ts';

const DAY = 86_400_000;

test('a new connection is answered as it is stored, without its secret, which is kept only sealed', async (t) => {
  const { useCases, ports, clock, a } = await memoryTenants();
  const created = await useCases.createEndpointConnection.execute(a.owner, {
    name: ' Shop bot ',
    url: 'https://bot.example/chat',
    authType: 'API_KEY',
    apiKey: 'k-s3cret',
    apiKeyHeader: 'X-Key',
    retries: 0,
  });
  t.like(created, {
    organizationId: a.organizationId,
    name: 'Shop bot',
    authType: 'API_KEY',
    apiKeyHeader: 'X-Key',
    hasSecret: true,
    retries: 0,
    httpMethod: 'POST',
    createdAt: clock.now(),
    deletedAt: null,
  });
  t.false('sealedSecret' in created);
  t.deepEqual(await useCases.getEndpointConnection.execute(a.owner, created.id), created);
  const stored = await ports.endpointConnections.require(a.organizationId, created.id);
  t.false(JSON.stringify(stored).includes('k-s3cret'), 'not in clear at rest');
  t.deepEqual(JSON.parse(ports.secretBox.open(stored.sealedSecret ?? '')), { kind: 'API_KEY', apiKey: 'k-s3cret' });
});

test('a change keeps the sealed secret unless the auth type or a secret field changes', async (t) => {
  const { useCases, ports, clock, a, mine } = await memoryConnections();
  const id = mine.connection.id;
  const sealed = async () => (await ports.endpointConnections.require(a.organizationId, id)).sealedSecret;
  const before = await sealed();
  clock.advance(DAY);
  const renamed = await useCases.updateEndpointConnection.execute(a.owner, id, { name: 'Renamed', timeoutMs: 500 });
  t.like(renamed, {
    name: 'Renamed',
    timeoutMs: 500,
    hasSecret: true,
    updatedAt: clock.now(),
    createdAt: mine.connection.createdAt,
  });
  t.is(await sealed(), before);
  t.deepEqual(await useCases.getEndpointConnection.execute(a.owner, id), renamed);
  await useCases.updateEndpointConnection.execute(a.owner, id, { token: 'fresh' });
  t.deepEqual(JSON.parse(ports.secretBox.open((await sealed()) ?? '')), { kind: 'BEARER', token: 'fresh' });
  const open = await useCases.updateEndpointConnection.execute(a.owner, id, { authType: 'NONE' });
  t.like(open, { authType: 'NONE', hasSecret: false });
  t.is(await sealed(), null, 'the old secret is gone from the store');
});

test('a deleted connection is gone for every use case; its name is free again', async (t) => {
  const { useCases, clock, a, mine } = await memoryConnections();
  const { id, name } = mine.connection;
  clock.advance(DAY);
  t.deepEqual(await useCases.deleteEndpointConnection.execute(a.owner, id), { id, deletedAt: clock.now() });
  for (const attempt of [
    useCases.getEndpointConnection.execute(a.owner, id),
    useCases.updateEndpointConnection.execute(a.owner, id, { name: 'Back' }),
    useCases.deleteEndpointConnection.execute(a.owner, id),
    useCases.testEndpointConnection.execute(a.owner, id, { input: 'Hi' }),
  ])
    await t.throwsAsync(attempt, { code: 'not_found' });
  t.deepEqual(await useCases.listEndpointConnections.execute(a.owner, {}), []);
  const again = await useCases.createEndpointConnection.execute(a.owner, { name, url: 'https://bot.example/' });
  t.not(again.id, id);
});

/** ListEndpointConnections is a FilteredList: only its conditions are its own; paging and sorting are the store's. */
test('lists filter by ids, part of the name, exact names and auth types; they page and sort', async (t) => {
  const { useCases, a, mine, theirs } = await memoryConnections();
  const create = (name: string, extra: object = {}) =>
    useCases.createEndpointConnection.execute(a.owner, { name, url: 'https://bot.example/', ...extra });
  const support = await create('Support BOT');
  const sales = await create('Sales bot', { authType: 'BASIC', username: 'ana', password: 'pw' });
  const names = (connections: { name: string }[]) => connections.map((connection) => connection.name);
  const list = (filter: Parameters<typeof useCases.listEndpointConnections.execute>[1]) =>
    useCases.listEndpointConnections.execute(a.owner, { sort: [{ field: 'name', direction: 'asc' }], ...filter });
  t.deepEqual(names(await list({})), ['A endpoint', 'Sales bot', 'Support BOT']);
  t.deepEqual(names(await list({ name: 'bot' })), ['Sales bot', 'Support BOT']);
  t.deepEqual(names(await list({ names: ['Sales bot', 'Support'] })), ['Sales bot']);
  t.deepEqual(names(await list({ ids: [support.id, theirs.connection.id] })), ['Support BOT']);
  t.deepEqual(names(await list({ authTypes: ['BASIC', 'BEARER'] })), ['A endpoint', 'Sales bot']);
  t.deepEqual(names(await list({ sort: [{ field: 'name', direction: 'desc' }], limit: 2 })), [
    'Support BOT',
    'Sales bot',
  ]);
  t.deepEqual(names(await list({ limit: 1, offset: 1 })), ['Sales bot']);
  const listed = await list({ ids: [sales.id] });
  t.deepEqual(listed, [sales]);
  t.false(JSON.stringify(await list({})).includes('sealedSecret'));
  t.true((await list({ ids: [mine.connection.id] }))[0].hasSecret);
});

test('without a secret key a secret is refused by name; a connection needing none is accepted', async (t) => {
  const { useCases, a } = await memoryTenants({ secretKey: null });
  const error = await t.throwsAsync(
    useCases.createEndpointConnection.execute(a.owner, {
      name: 'Bot',
      url: 'https://bot.example/',
      authType: 'BEARER',
      token: 't',
    }),
    { code: 'invalid_input', message: /ASSAY_SECRET_KEY/ },
  );
  t.deepEqual(issuePaths(error), ['token']);
  const open = await useCases.createEndpointConnection.execute(a.owner, { name: 'Bot', url: 'https://bot.example/' });
  await t.throwsAsync(
    useCases.updateEndpointConnection.execute(a.owner, open.id, { authType: 'BASIC', username: 'a', password: 'p' }),
    { code: 'invalid_input', message: /password: the platform cannot store secrets/ },
  );
  t.like(await useCases.getEndpointConnection.execute(a.owner, open.id), { authType: 'NONE', hasSecret: false });
});

/** What may be written to an organization's connections; a refused write leaves every store as it was. */
accessTable<MemoryConnections>('connections', memoryConnections, [
  {
    rule: 'a connection with a bad URL, template and retry count is refused whole',
    act: ({ useCases, a }) =>
      useCases.createEndpointConnection.execute(a.owner, {
        name: 'Bad',
        url: 'bot.example',
        inputTemplate: '{"q": 1}',
        retries: 50,
      }),
    expected: 'invalid_input',
  },
  {
    rule: "a second connection with a live connection's name",
    act: ({ useCases, a }) =>
      useCases.createEndpointConnection.execute(a.owner, { name: 'A endpoint', url: 'https://bot.example/' }),
    expected: 'conflict',
  },
  {
    rule: "another organization's connection's name is free here",
    act: ({ useCases, a }) =>
      useCases.createEndpointConnection.execute(a.owner, { name: 'B endpoint', url: 'https://bot.example/' }),
    expected: 'allowed',
  },
  {
    rule: "renaming to a live connection's name",
    prepare: async ({ useCases, a }) => {
      await useCases.createEndpointConnection.execute(a.owner, { name: 'Taken', url: 'https://bot.example/' });
    },
    act: ({ useCases, a, mine }) =>
      useCases.updateEndpointConnection.execute(a.owner, mine.connection.id, { name: 'Taken' }),
    expected: 'conflict',
  },
  {
    rule: 'changing the auth type without the new secret',
    act: ({ useCases, a, mine }) =>
      useCases.updateEndpointConnection.execute(a.owner, mine.connection.id, { authType: 'BASIC', username: 'ana' }),
    expected: 'invalid_input',
  },
  {
    rule: 'changing the mapping to one without output',
    act: ({ useCases, a, mine }) =>
      useCases.updateEndpointConnection.execute(a.owner, mine.connection.id, {
        outputMapping: { sessionId: '$.id' } as never,
      }),
    expected: 'invalid_input',
  },
  {
    rule: "naming another organization's connection on a new version is naming an unknown one",
    prepare: ({ useCases, a }) => useCases.createProduct.execute(a.owner, { name: 'Shop' }).then(() => undefined),
    act: async ({ useCases, a, theirs }) => {
      const [product] = await useCases.listProducts.execute(a.owner, {});
      return useCases.createVersion.execute(a.owner, {
        productId: product.id,
        conversationEndpointConnectionId: theirs.connection.id,
      });
    },
    expected: 'not_found',
  },
  {
    rule: "pointing a version at another organization's connection is pointing at an unknown one",
    prepare: async ({ useCases, a }) => {
      const product = await useCases.createProduct.execute(a.owner, { name: 'Shop' });
      await useCases.createVersion.execute(a.owner, { productId: product.id });
    },
    act: async ({ useCases, a, theirs }) => {
      const [version] = await useCases.listVersions.execute(a.owner, {});
      return useCases.updateVersion.execute(a.owner, version.id, {
        conversationEndpointConnectionId: theirs.connection.id,
      });
    },
    expected: 'not_found',
  },
  {
    rule: 'an unknown id',
    act: ({ useCases, a }) =>
      useCases.updateEndpointConnection.execute(a.owner, 'endpointConnection_none', { retries: 1 }),
    expected: 'not_found',
  },
]);

/** Another organization's connection behaves as an unknown id, whatever is done to it, and stays untouched. */
unknownToOthers<MemoryConnections>(memoryConnections, {
  ...onTheirs<MemoryConnection>('connection', 'owner', (theirs) => theirs.connection.id, {
    reading: (useCases, actor, id) => useCases.getEndpointConnection.execute(actor, id),
    changing: (useCases, actor, id) => useCases.updateEndpointConnection.execute(actor, id, { name: 'Mine now' }),
    'replacing the secret of': (useCases, actor, id) =>
      useCases.updateEndpointConnection.execute(actor, id, { token: 'x' }),
    deleting: (useCases, actor, id) => useCases.deleteEndpointConnection.execute(actor, id),
    'test-calling': (useCases, actor, id) => useCases.testEndpointConnection.execute(actor, id, { input: 'Hi' }),
  }),
});
