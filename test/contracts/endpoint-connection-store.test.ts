import test from 'ava';
import { createEndpointConnection } from '../../domain/endpoint-connection/endpoint-connection.ts';
import { DuplicateKey, StaleVersion } from '../../domain/errors.ts';
import { LiquidEndpointFormat } from '../../adapters/endpoint-connection/liquid-endpoint-format.ts';
import { openStorage, storageNames } from '../support/storage-worlds.ts';

/** The endpoint connections store: JSON settings round-trip, names unique per organization, stale writes refused. */
const NOW = '2026-01-01T00:00:00.000Z';
const context = {
  syntax: new LiquidEndpointFormat(),
  seal: (secret: object) => `sealed:${JSON.stringify(secret)}`,
  sealHeader: (_name: string, value: string) => `sealed:${value}`,
};

const make = (id: string, name: string, organizationId = 'org_a') =>
  createEndpointConnection(
    {
      name,
      url: 'https://bot.example/chat',
      authType: 'BEARER',
      token: 't',
      headers: { 'X-Team': 'qa' },
      outputMapping: { output: '$.answer', sessionId: '$.id' },
      conversationEndRules: [{ statusCode: 200, jsonPath: '$.done', equals: { final: true } }],
      rateLimitPerMinute: 30,
    },
    { id, organizationId, now: NOW },
    context,
  );

for (const name of await storageNames()) {
  test(`[${name}] endpoint connections round-trip, stay in their organization, refuse duplicates and stale writes`, async (t) => {
    const world = await openStorage(name);
    try {
      const { endpointConnections } = world.storage;
      const first = make('endpointConnection_1', 'Bot');
      await endpointConnections.insert(first);
      await endpointConnections.insert(make('endpointConnection_2', 'Bot', 'org_b'));
      t.deepEqual(await endpointConnections.get('org_a', first.id), first);
      t.is(await endpointConnections.get('org_b', first.id), null);
      await t.throwsAsync(endpointConnections.insert(make('endpointConnection_3', 'Bot')), {
        instanceOf: DuplicateKey,
      });
      const updated = await endpointConnections.update({ ...first, timeoutMs: 1000 });
      t.is(updated.version, 1);
      await t.throwsAsync(endpointConnections.update({ ...first, timeoutMs: 2000 }), { instanceOf: StaleVersion });
      await endpointConnections.update({ ...updated, deletedAt: NOW });
      await endpointConnections.insert(make('endpointConnection_4', 'Bot'));
      t.deepEqual(
        (await endpointConnections.list('org_a', { where: [{ field: 'name', op: 'eq', value: 'Bot' }] })).map(
          (c) => c.id,
        ),
        ['endpointConnection_4'],
        'a deleted connection frees its name',
      );
    } finally {
      await world.close();
    }
  });
}
