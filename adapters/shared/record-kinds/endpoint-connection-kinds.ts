import type { EndpointConnection } from '../../../domain/endpoint-connection/endpoint-connection.ts';
import { ownedRecordKind } from '../record-kind.ts';

/** Connections to products' own endpoints. */
export const endpointConnectionKinds = {
  endpointConnections: ownedRecordKind<EndpointConnection>({
    name: 'EndpointConnection',
    publicName: 'Endpoint connection',
    unique: [['organizationId', 'name']],
    fields: {
      name: true,
      url: true,
      httpMethod: true,
      authType: true,
      apiKeyHeader: true,
      sealedSecret: true,
      headers: true,
      inputTemplate: true,
      outputMapping: true,
      timeoutMs: true,
      retries: true,
      maxConcurrency: true,
      rateLimitPerMinute: true,
      conversationEndRules: true,
      updatedAt: true,
      version: true,
    },
  }),
};
