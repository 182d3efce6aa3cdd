import type { Config } from './config.ts';

/**
 * The generation model's settings: GENERATOR_* when GENERATOR_BASE_URL is set, otherwise the judge's (a model or key
 * of one API is never sent to another); the judge's timeout either way.
 */
export function generatorSettings(config: Config) {
  const own = config.GENERATOR_BASE_URL !== undefined;
  return {
    baseUrl: config.GENERATOR_BASE_URL ?? config.JUDGE_BASE_URL,
    model: config.GENERATOR_MODEL ?? (own ? undefined : config.JUDGE_MODEL),
    apiKey: config.GENERATOR_API_KEY ?? (own ? undefined : config.JUDGE_API_KEY),
    timeoutMs: config.JUDGE_TIMEOUT_MS,
  };
}
