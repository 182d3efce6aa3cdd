import type { Config } from './config.ts';
import { judgeFallbackSettings } from './judge-fallback-settings.ts';

/** The simulator's model settings: SIMULATOR_* when SIMULATOR_BASE_URL is set, otherwise the judge's. */
export function simulatorSettings(config: Config) {
  const own = { baseUrl: config.SIMULATOR_BASE_URL, model: config.SIMULATOR_MODEL, apiKey: config.SIMULATOR_API_KEY };
  return judgeFallbackSettings(config, own);
}
