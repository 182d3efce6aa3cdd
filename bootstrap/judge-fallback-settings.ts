import type { Config } from './config.ts';

/** A model's own settings as given; each unset one may be stood in for by the judge's. */
export interface OwnModelSettings {
  readonly baseUrl: string | undefined;
  readonly model: string | undefined;
  readonly apiKey: string | undefined;
}

/**
 * A second model's settings: its own when its base URL is set, otherwise the judge's (a model or key of one API is
 * never sent to another); the judge's timeout either way.
 */
export function judgeFallbackSettings(config: Config, own: OwnModelSettings) {
  const ownApi = own.baseUrl !== undefined;
  return {
    baseUrl: own.baseUrl ?? config.JUDGE_BASE_URL,
    model: own.model ?? (ownApi ? undefined : config.JUDGE_MODEL),
    apiKey: own.apiKey ?? (ownApi ? undefined : config.JUDGE_API_KEY),
    timeoutMs: config.JUDGE_TIMEOUT_MS,
    /** Where the model comes from: its own setting, or the judge's JUDGE_MODEL in its place. */
    modelSource: own.model !== undefined ? ('env' as const) : ('fallback' as const),
  };
}
