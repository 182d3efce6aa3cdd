import type { LinkedMetric } from '../../../../domain/catalog/metric.ts';
import type { Evaluation } from '../../../../domain/evaluation/evaluation.ts';
import type { UserView } from '../../../../domain/identity/user.ts';
import type { ReviewContext } from '../../../../domain/review/review-context.ts';
import type { Session } from '../../../../domain/tracing/session.ts';
import { ApiError, bearer, tabKey, UNREACHABLE } from '../../shared-page/api-key.ts';

export { ApiError } from '../../shared-page/api-key.ts';

/** The API key the reviewer pasted, for this tab. */
export const { stored: storedKey, remember: rememberKey, forget: forgetKey } = tabKey('assay.review.apiKey');

const REFUSED_KEY = 'This API key was not accepted (it may be mistyped or revoked). Paste a valid key.';

async function call<T>(method: string, path: string, body?: unknown, key = storedKey()): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        authorization: bearer(key),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (response.ok) return data as T;
  const message = (data as { message?: string } | null)?.message;
  if (response.status === 401) throw new ApiError(401, REFUSED_KEY);
  throw new ApiError(response.status, message ?? `The server answered ${response.status} ${response.statusText}.`);
}

const idsQuery = (ids: readonly string[]) => ids.map((id) => `&ids=${encodeURIComponent(id)}`).join('');

/** The calls the reviewer page makes; each answers what the API answers. */
export const api = {
  whoAmI: (key?: string) => call<UserView>('GET', '/auth/user', undefined, key),
  queue: () => call<Evaluation[]>('GET', '/evaluations?statuses=PENDING_HUMAN&reviewable=true&limit=1000'),
  metrics: (ids: readonly string[]) => call<LinkedMetric[]>('GET', `/metrics?limit=1000${idsQuery(ids)}`),
  sessions: (ids: readonly string[]) => call<Session[]>('GET', `/sessions?limit=1000${idsQuery(ids)}`),
  context: (id: string) => call<ReviewContext>('GET', `/evaluations/${encodeURIComponent(id)}/context`),
  claim: (id: string) => call<Evaluation>('POST', `/evaluations/${encodeURIComponent(id)}/claim`),
  release: (id: string) => call<Evaluation>('DELETE', `/evaluations/${encodeURIComponent(id)}/claim`),
  submit: (id: string, score: number, reason: string) =>
    call<Evaluation>('POST', `/evaluations/${encodeURIComponent(id)}/submit`, {
      score,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    }),
};
