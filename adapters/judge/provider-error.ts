const KEY_LIKE = /\b(?:sk|pk|rk|key|api|token)[-_][A-Za-z0-9*._-]{2,}/gi;

/**
 * What a failed judge call stores in `evaluation.error`, which tenants read: the provider's own message
 * (from an OpenAI-style `{error: {message}}` body when there is one), shortened, with the configured key
 * and anything shaped like a key removed — providers echo masked keys in their 401 answers.
 */
export function describeProviderError(
  status: number,
  text: string,
  apiKey: string | undefined,
  who = 'judge model',
): string {
  let detail = text;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'object' ? parsed.error?.message : (parsed.error ?? parsed.message);
    if (typeof message === 'string') detail = message;
  } catch {
    // not JSON: keep the text as it came
  }
  if (apiKey) detail = detail.split(apiKey).join('[redacted]');
  detail = detail.replace(KEY_LIKE, '[redacted]').trim().slice(0, 200);
  return `The ${who} answered HTTP ${status}${detail ? `: ${detail}` : ''}`;
}
