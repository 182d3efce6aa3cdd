import type { IssueCollector } from '../errors.ts';
import { headerValueProblem } from './custom-headers.ts';

export const AUTH_TYPES = ['NONE', 'BEARER', 'API_KEY', 'BASIC'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

/** The secret of each auth type, as it is sealed (one JSON document) and opened at call time. */
export type AuthSecret =
  | { readonly kind: 'BEARER'; readonly token: string }
  | { readonly kind: 'API_KEY'; readonly apiKey: string }
  | { readonly kind: 'BASIC'; readonly username: string; readonly password: string };

const SECRET_LIMIT = 8192;

/** The fields sent as they are in a header (BASIC's are sent base64-encoded, so any character is fine). */
const SENT_AS_IS: readonly string[] = ['token', 'apiKey'];

const FIELDS: Record<AuthType, readonly ('token' | 'apiKey' | 'username' | 'password')[]> = {
  NONE: [],
  BEARER: ['token'],
  API_KEY: ['apiKey'],
  BASIC: ['username', 'password'],
};

/**
 * The secret the auth type needs, from the request's secret fields: each of its fields present, non-empty, single
 * line, a token or key sendable in a header as it is; fields of another type refused. Answers null for NONE (or when something is wrong: the issues say what).
 */
export function checkAuth(
  issues: IssueCollector,
  authType: AuthType,
  fields: Partial<Record<'token' | 'apiKey' | 'username' | 'password' | 'apiKeyHeader', string | null>>,
): AuthSecret | null {
  const needed = FIELDS[authType] ?? [];
  let complete = true;
  for (const field of ['token', 'apiKey', 'username', 'password'] as const) {
    const value = fields[field];
    if (!needed.includes(field)) {
      if (value !== undefined && value !== null) issues.add(field, `is not used by authType ${authType}`);
      continue;
    }
    if (typeof value !== 'string' || value.length === 0) {
      issues.add(field, `is required with authType ${authType}`);
      complete = false;
    } else if (value.length > SECRET_LIMIT || /[\r\n\0]/.test(value)) {
      issues.add(field, `must be a single line of at most ${SECRET_LIMIT} characters`);
      complete = false;
    } else if (SENT_AS_IS.includes(field) && headerValueProblem(value)) {
      issues.add(field, headerValueProblem(value) as string);
      complete = false;
    }
  }
  const header = fields.apiKeyHeader;
  if (header !== undefined && header !== null) {
    if (authType !== 'API_KEY') issues.add('apiKeyHeader', `is not used by authType ${authType}`);
    else issues.check(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,255}$/.test(header), 'apiKeyHeader', 'is not a header name');
  }
  if (!complete) return null;
  switch (authType) {
    case 'NONE':
      return null;
    case 'BEARER':
      return { kind: 'BEARER', token: fields.token as string };
    case 'API_KEY':
      return { kind: 'API_KEY', apiKey: fields.apiKey as string };
    case 'BASIC':
      return { kind: 'BASIC', username: fields.username as string, password: fields.password as string };
  }
}
