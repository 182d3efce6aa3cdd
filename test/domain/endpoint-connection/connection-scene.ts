import {
  createEndpointConnection,
  type NewEndpointConnection,
} from '../../../domain/endpoint-connection/endpoint-connection.ts';
import { InvalidInput } from '../../../domain/errors.ts';
import { toyContext } from './toy-syntax.ts';

/** What the endpoint connection tests share: a fixed clock, a minimal connection and a reader of refusals. */
export const NOW = '2026-01-01T00:00:00.000Z';
export const LATER = '2026-01-02T00:00:00.000Z';
export const creation = { id: 'endpointConnection_1', organizationId: 'organization_1', now: NOW };
export const create = (input: NewEndpointConnection) => createEndpointConnection(input, creation, toyContext);
export const minimal = { name: 'Shop bot', url: 'https://bot.example/chat' };

/** The paths of the issues an InvalidInput thrown by `attempt` names (none when it throws nothing). */
export const issuePaths = (attempt: () => unknown): string[] => {
  try {
    attempt();
  } catch (error) {
    if (error instanceof InvalidInput) return error.issues.map((issue) => issue.path);
    throw error;
  }
  return [];
};
