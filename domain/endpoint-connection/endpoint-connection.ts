import { IssueCollector } from '../errors.ts';
import { checkName, patch } from '../shared/fields.ts';
import type { Creation } from '../shared/record.ts';
import { type AuthSecret, type AuthType, AUTH_TYPES, checkAuth } from './auth.ts';
import { checkHeaders, checkKeptHeaders, HEADER_LIMITS, maskedValues, sealHeaders } from './custom-headers.ts';
import { checkEndRules, type ConversationEndRule } from './end-rules.ts';
import { checkOutputMapping, checkTemplate, type EndpointSyntax, type OutputMapping } from './request-shape.ts';

export const HTTP_METHODS = ['POST', 'PUT', 'GET'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Bounds of a connection's settings. */
export const CONNECTION_LIMITS = {
  urlLength: 2048,
  headers: HEADER_LIMITS.count,
  headerValueLength: HEADER_LIMITS.valueLength,
  timeoutMs: { min: 1, max: 300_000, default: 30_000 },
  retries: { min: 0, max: 5, default: 2 },
  maxConcurrency: { min: 1, max: 100, default: 4 },
  rateLimitPerMinute: { min: 1, max: 100_000 },
} as const;

export const DEFAULT_INPUT_TEMPLATE = '{"message": {{ input.user_message | json }}}';
export const DEFAULT_OUTPUT_MAPPING: OutputMapping = { output: '$.output' };

/**
 * How the platform calls a product's own endpoint: where, how it authenticates (the secret only in sealed form),
 * how a request body is rendered from a turn and how the answer is read. Names are unique among the organization's
 * live connections.
 */
export interface EndpointConnection {
  readonly id: string;
  readonly organizationId: string;
  readonly name: string;
  readonly url: string;
  readonly httpMethod: HttpMethod;
  readonly authType: AuthType;
  /** The header carrying the key of an API_KEY connection. */
  readonly apiKeyHeader: string | null;
  /** The auth secret encrypted at rest (SecretBox); null when the auth type needs none. */
  readonly sealedSecret: string | null;
  /** Extra request headers, each value a secret sealed on its own (SecretBox); shown as `***`. */
  readonly headers: Readonly<Record<string, string>>;
  readonly inputTemplate: string;
  readonly outputMapping: OutputMapping;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly maxConcurrency: number;
  readonly rateLimitPerMinute: number | null;
  readonly conversationEndRules: readonly ConversationEndRule[];
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

/** The secret fields a request may carry, by auth type (never stored nor shown in clear). */
export interface SecretFields {
  readonly token?: string | null;
  readonly apiKey?: string | null;
  readonly username?: string | null;
  readonly password?: string | null;
}

export interface NewEndpointConnection extends SecretFields {
  readonly name: string;
  readonly url: string;
  readonly httpMethod?: HttpMethod;
  readonly authType?: AuthType;
  readonly apiKeyHeader?: string | null;
  readonly headers?: Readonly<Record<string, string>> | null;
  readonly inputTemplate?: string | null;
  readonly outputMapping?: OutputMapping | null;
  readonly timeoutMs?: number | null;
  readonly retries?: number | null;
  readonly maxConcurrency?: number | null;
  readonly rateLimitPerMinute?: number | null;
  readonly conversationEndRules?: readonly ConversationEndRule[] | null;
}

export type EndpointConnectionChanges = Partial<NewEndpointConnection>;

/** A connection as it is shown: never the secret, only whether one is stored; header names, their values `***`. */
export type EndpointConnectionView = Omit<EndpointConnection, 'sealedSecret' | 'version'> & { hasSecret: boolean };

export const viewEndpointConnection = ({ sealedSecret, version: _, ...rest }: EndpointConnection) => ({
  ...rest,
  headers: maskedValues(rest.headers),
  hasSecret: sealedSecret !== null,
});

function checkInteger(
  issues: IssueCollector,
  path: string,
  value: number | null | undefined,
  { min, max }: { min: number; max: number },
): void {
  if (value === undefined || value === null) return;
  issues.check(
    Number.isInteger(value) && value >= min && value <= max,
    path,
    `must be an integer from ${min} to ${max}`,
  );
}

function checkUrl(issues: IssueCollector, url: string | null | undefined): void {
  if (url === undefined) return;
  if (url === null) {
    issues.add('url', 'must not be null');
    return;
  }
  if (url.length > CONNECTION_LIMITS.urlLength) {
    issues.add('url', `must be at most ${CONNECTION_LIMITS.urlLength} characters`);
    return;
  }
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
    issues.add('url', 'must be an absolute http or https URL');
    return;
  }
  issues.check(parsed.username === '' && parsed.password === '', 'url', 'must not carry credentials: use authType');
}

/** Every rule on the settings themselves; the secret's rules are checkAuth's. */
function validate(input: EndpointConnectionChanges, syntax: EndpointSyntax, creating: boolean): IssueCollector {
  const issues = new IssueCollector();
  checkName(issues, 'name', input.name, { required: creating });
  if (creating && input.url === undefined) issues.add('url', 'is required');
  checkUrl(issues, input.url);
  if (input.httpMethod !== undefined)
    issues.check(HTTP_METHODS.includes(input.httpMethod), 'httpMethod', `must be one of ${HTTP_METHODS.join(', ')}`);
  if (input.authType !== undefined)
    issues.check(AUTH_TYPES.includes(input.authType), 'authType', `must be one of ${AUTH_TYPES.join(', ')}`);
  checkHeaders(issues, input.headers);
  if (typeof input.inputTemplate === 'string') checkTemplate(issues, syntax, input.inputTemplate);
  if (input.outputMapping) checkOutputMapping(issues, syntax, input.outputMapping);
  checkInteger(issues, 'timeoutMs', input.timeoutMs, CONNECTION_LIMITS.timeoutMs);
  checkInteger(issues, 'retries', input.retries, CONNECTION_LIMITS.retries);
  checkInteger(issues, 'maxConcurrency', input.maxConcurrency, CONNECTION_LIMITS.maxConcurrency);
  checkInteger(issues, 'rateLimitPerMinute', input.rateLimitPerMinute, CONNECTION_LIMITS.rateLimitPerMinute);
  if (input.conversationEndRules) checkEndRules(issues, syntax, input.conversationEndRules);
  return issues;
}

/** What creating or changing a connection needs besides its input: the syntax checks and how to seal a secret. */
export interface ConnectionContext {
  readonly syntax: EndpointSyntax;
  /** Seals the secret the auth type needs (the caller refuses when it cannot). */
  readonly seal: (secret: AuthSecret) => string;
  /** Seals one custom header's value (the caller refuses when it cannot). */
  readonly sealHeader: (name: string, value: string) => string;
}

/** A new connection with its defaults; the secret its auth type needs is required and sealed. */
export function createEndpointConnection(
  input: NewEndpointConnection,
  { id, organizationId, now }: Creation,
  { syntax, seal, sealHeader }: ConnectionContext,
): EndpointConnection {
  const issues = validate(input, syntax, true);
  const authType = input.authType ?? 'NONE';
  const secret = checkAuth(issues, authType, input);
  checkKeptHeaders(issues, input.headers, {});
  issues.throwIfAny();
  return {
    id,
    organizationId,
    name: input.name.trim(),
    url: input.url,
    httpMethod: input.httpMethod ?? 'POST',
    authType,
    apiKeyHeader: authType === 'API_KEY' ? (input.apiKeyHeader ?? 'X-API-Key') : null,
    sealedSecret: secret ? seal(secret) : null,
    headers: sealHeaders(input.headers ?? {}, {}, sealHeader),
    inputTemplate: input.inputTemplate ?? DEFAULT_INPUT_TEMPLATE,
    outputMapping: input.outputMapping ?? DEFAULT_OUTPUT_MAPPING,
    timeoutMs: input.timeoutMs ?? CONNECTION_LIMITS.timeoutMs.default,
    retries: input.retries ?? CONNECTION_LIMITS.retries.default,
    maxConcurrency: input.maxConcurrency ?? CONNECTION_LIMITS.maxConcurrency.default,
    rateLimitPerMinute: input.rateLimitPerMinute ?? null,
    conversationEndRules: input.conversationEndRules ?? [],
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    version: 0,
  };
}

const SECRET_FIELDS = ['token', 'apiKey', 'username', 'password'] as const;

/**
 * A PATCH: omitted fields unchanged, null resets a setting to its default. The secret is kept unless the auth type
 * changes or a secret field is sent; then the new type's whole secret is required.
 */
export function changeEndpointConnection(
  connection: EndpointConnection,
  changes: EndpointConnectionChanges,
  now: string,
  { syntax, seal, sealHeader }: ConnectionContext,
): EndpointConnection {
  const issues = validate(changes, syntax, false);
  checkKeptHeaders(issues, changes.headers, connection.headers);
  const authType = changes.authType ?? connection.authType;
  const replacesSecret =
    authType !== connection.authType ||
    SECRET_FIELDS.some((field) => changes[field] !== undefined) ||
    (changes.apiKeyHeader !== undefined && authType !== 'API_KEY');
  const secret = replacesSecret ? checkAuth(issues, authType, changes) : undefined;
  issues.throwIfAny();
  const { token: _t, apiKey: _a, username: _u, password: _p, ...settings } = changes;
  return patch(connection, {
    ...settings,
    name: changes.name?.trim(),
    authType,
    apiKeyHeader: authType === 'API_KEY' ? (changes.apiKeyHeader ?? connection.apiKeyHeader ?? 'X-API-Key') : null,
    sealedSecret: secret === undefined ? undefined : secret ? seal(secret) : null,
    headers:
      changes.headers === null ? {} : changes.headers && sealHeaders(changes.headers, connection.headers, sealHeader),
    inputTemplate: changes.inputTemplate === null ? DEFAULT_INPUT_TEMPLATE : changes.inputTemplate,
    outputMapping: changes.outputMapping === null ? DEFAULT_OUTPUT_MAPPING : changes.outputMapping,
    timeoutMs: changes.timeoutMs === null ? CONNECTION_LIMITS.timeoutMs.default : changes.timeoutMs,
    retries: changes.retries === null ? CONNECTION_LIMITS.retries.default : changes.retries,
    maxConcurrency: changes.maxConcurrency === null ? CONNECTION_LIMITS.maxConcurrency.default : changes.maxConcurrency,
    conversationEndRules: changes.conversationEndRules === null ? [] : changes.conversationEndRules,
    updatedAt: now,
  } as Partial<EndpointConnection>);
}
