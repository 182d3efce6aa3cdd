import type { Config } from './config.ts';

/**
 * The simulator's model settings: SIMULATOR_* when SIMULATOR_BASE_URL is set, otherwise the judge's (a model or key
 * of one API is never sent to another); the judge's timeout either way.
 */
export function simulatorSettings(config: Config) {
  const own = config.SIMULATOR_BASE_URL !== undefined;
  return {
    baseUrl: config.SIMULATOR_BASE_URL ?? config.JUDGE_BASE_URL,
    model: config.SIMULATOR_MODEL ?? (own ? undefined : config.JUDGE_MODEL),
    apiKey: config.SIMULATOR_API_KEY ?? (own ? undefined : config.JUDGE_API_KEY),
    timeoutMs: config.JUDGE_TIMEOUT_MS,
    /** Where the model comes from: SIMULATOR_MODEL itself, or the judge's JUDGE_MODEL in its place. */
    modelSource: config.SIMULATOR_MODEL !== undefined ? ('env' as const) : ('fallback' as const),
  };
}
