import type { EndpointConnection } from '../../../domain/endpoint-connection/endpoint-connection.ts';
import { recordKind } from '../record-kind.ts';

/** Connections to products' own endpoints. */
export const endpointConnectionKinds = {
  endpointConnections: recordKind<EndpointConnection>({
    name: 'EndpointConnection',
    publicName: 'Endpoint connection',
    scopeField: 'organizationId',
    unique: [['organizationId', 'name']],
    fields: {
      id: true,
      organizationId: true,
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
      createdAt: true,
      updatedAt: true,
      deletedAt: true,
      version: true,
    },
  }),
};
