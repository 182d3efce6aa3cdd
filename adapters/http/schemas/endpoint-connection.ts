import { z } from 'zod';
import { AUTH_TYPES } from '../../../domain/endpoint-connection/auth.ts';
import {
  CONNECTION_LIMITS,
  type EndpointConnectionChanges,
  type EndpointConnectionView,
  HTTP_METHODS,
  type NewEndpointConnection,
} from '../../../domain/endpoint-connection/endpoint-connection.ts';
import { MAX_END_RULES } from '../../../domain/endpoint-connection/end-rules.ts';
import { listQuery, nullableTimestamp, q, recordName, timestamp } from './common.ts';
import { ownedRecordIds, recordResponse, requestBody } from './record-fields.ts';

const outputMapping = z
  .strictObject({
    output: z.string().describe('JSONPath of the answer text (required)'),
    retrievalContext: z.string().optional(),
    sessionId: z.string().optional().describe("JSONPath of the product's own conversation id"),
    inputTokens: z.string().optional(),
    outputTokens: z.string().optional(),
  })
  .describe(
    'JSONPath expressions (RFC 9535) read in the JSON answer: at most one descendant segment (..) each, no ' +
      'match() or search(); evaluated within 150,000 steps',
  );

const endRule = z.strictObject({
  statusCode: z.number().int(),
  jsonPath: z.string().nullable().optional(),
  equals: z.unknown().optional(),
});

const headers = z
  .record(z.string(), z.string())
  .describe(
    'Extra request headers (at most 50). Every value is a secret: stored encrypted, answered as `***`, sent to the ' +
      'product as given. Values must be sendable in HTTP (one line of printable ASCII or Latin-1).',
  );

export const endpointConnection = recordResponse<EndpointConnectionView>({ id: 'EndpointConnection' })({
  ...ownedRecordIds,
  name: z.string(),
  url: z.string(),
  httpMethod: z.enum(HTTP_METHODS),
  authType: z.enum(AUTH_TYPES),
  apiKeyHeader: z.string().nullable(),
  hasSecret: z.boolean().describe('Whether a secret is stored; the secret itself is never shown'),
  headers,
  inputTemplate: z.string(),
  outputMapping,
  timeoutMs: z.number().int(),
  retries: z.number().int(),
  maxConcurrency: z.number().int(),
  rateLimitPerMinute: z.number().int().nullable(),
  conversationEndRules: z.array(endRule),
  createdAt: timestamp,
  updatedAt: timestamp,
  deletedAt: nullableTimestamp,
});

const secret = z.string().max(8192).nullable().optional();
const limited = (bounds: { min: number; max: number }) => z.number().int().min(bounds.min).max(bounds.max);

const settings = {
  httpMethod: z.enum(HTTP_METHODS).describe('Default POST'),
  authType: z.enum(AUTH_TYPES).describe('Default NONE'),
  apiKeyHeader: z.string().max(255).nullable().optional().describe('API_KEY: the header (default X-API-Key)'),
  token: secret.describe('BEARER: the token (stored encrypted, never shown; printable ASCII or Latin-1)'),
  apiKey: secret.describe('API_KEY: the key (stored encrypted, never shown; printable ASCII or Latin-1)'),
  username: secret.describe('BASIC: the user name (stored encrypted)'),
  password: secret.describe('BASIC: the password (stored encrypted, never shown)'),
  headers: headers
    .nullable()
    .optional()
    .describe(
      'Extra request headers; replaces the whole set (a header left out is dropped, null drops all). Every value is ' +
        'a secret (stored encrypted, answered as `***`; needs ASSAY_SECRET_KEY); a value of `***` keeps the value ' +
        'stored under that name. Values must be sendable in HTTP (one line of printable ASCII or Latin-1).',
    ),
  inputTemplate: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Liquid template of the request body; must use `input`. Variables: input ({user_message}), testCase, ' +
        'session ({id, customId}), productSessionId, turn, history. Default `{"message": {{ input.user_message | json }}}`. ' +
        'A render is bounded (10,000 steps, 2,000,000 characters allocated, 1,000,000 rendered)',
    ),
  outputMapping: outputMapping.nullable().optional(),
  timeoutMs: limited(CONNECTION_LIMITS.timeoutMs).nullable().optional().describe('Default 30000'),
  retries: limited(CONNECTION_LIMITS.retries)
    .nullable()
    .optional()
    .describe('Retries on timeouts, 429 and 5xx, with backoff honouring Retry-After; default 2'),
  maxConcurrency: limited(CONNECTION_LIMITS.maxConcurrency).nullable().optional().describe('Default 4'),
  rateLimitPerMinute: limited(CONNECTION_LIMITS.rateLimitPerMinute).nullable().optional(),
  conversationEndRules: z.array(endRule).max(MAX_END_RULES).nullable().optional(),
};

export const endpointConnectionCreate = requestBody<NewEndpointConnection>({ id: 'EndpointConnectionCreate' })({
  name: recordName,
  url: z.string().max(CONNECTION_LIMITS.urlLength),
  ...settings,
  httpMethod: settings.httpMethod.optional(),
  authType: settings.authType.optional(),
});

export const endpointConnectionUpdate = requestBody<EndpointConnectionChanges>({ id: 'EndpointConnectionUpdate' })({
  name: recordName.optional(),
  url: z.string().max(CONNECTION_LIMITS.urlLength).optional(),
  ...settings,
  httpMethod: settings.httpMethod.optional(),
  authType: settings.authType.optional(),
});

export const endpointConnectionQuery = listQuery({
  filters: {
    name: q.string().describe('Part of the name, any case'),
    names: q.strings().describe('Exact names'),
    authTypes: q.enums(AUTH_TYPES),
  },
  sort: ['createdAt', 'updatedAt', 'name', 'id'],
});

export const connectionTestBody = z
  .strictObject({
    input: z
      .union([z.string(), z.object({ user_message: z.string() }).loose()])
      .describe('The user message: {"user_message": "..."} as on test cases, or a plain string'),
  })
  .meta({ id: 'EndpointConnectionTest' });

export const connectionTestReport = z
  .object({
    status: z.number().int().nullable().describe("The product's HTTP status; null when no answer came"),
    latencyMs: z.number(),
    request: z.object({
      method: z.string(),
      url: z.string(),
      headers: z.record(z.string(), z.string()).describe('The secret header and every custom header show ***'),
      body: z.string().nullable(),
    }),
    responseBody: z.string().describe("The product's answer, its first 64 KB"),
    mapped: z
      .object({
        output: z.string().nullable(),
        retrievalContext: z.array(z.string()).nullable(),
        sessionId: z.string().nullable(),
        inputTokens: z.number().int().nullable(),
        outputTokens: z.number().int().nullable(),
      })
      .nullable()
      .describe('The answer read through outputMapping; null when the call failed'),
    error: z.string().nullable().describe('Why the call failed; null when it succeeded'),
  })
  .meta({ id: 'EndpointConnectionTestReport' });
