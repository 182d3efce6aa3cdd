import type { Config } from './config.ts';
import { judgeFallbackSettings } from './judge-fallback-settings.ts';

/** The generation model's settings: GENERATOR_* when GENERATOR_BASE_URL is set, otherwise the judge's. */
export function generatorSettings(config: Config) {
  const own = { baseUrl: config.GENERATOR_BASE_URL, model: config.GENERATOR_MODEL, apiKey: config.GENERATOR_API_KEY };
  return judgeFallbackSettings(config, own);
}
