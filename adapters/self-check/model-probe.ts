import { fetchOrUnavailable, type Probe, ProbeFailure } from './probe.ts';

export interface ModelProbeSettings {
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
  /** The setting the model comes from (JUDGE_MODEL by default) and whether it was set or stood in for by another. */
  readonly name?: string;
  readonly source?: 'env' | 'default' | 'fallback';
}

/** An OpenAI-compatible API knows the model: `GET <base>/models/<model>`; unknown model or key is incapable. */
export function modelProbe(settings: ModelProbeSettings): Probe {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/models/${encodeURIComponent(settings.model)}`;
  return {
    entry: {
      kind: 'model',
      name: settings.name ?? 'JUDGE_MODEL',
      source: settings.source ?? 'env',
      severity: 'critical',
      resolved: `${settings.model} at ${settings.baseUrl}`,
    },
    async run(signal) {
      const response = await fetchOrUnavailable(url, {
        signal,
        headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
      });
      await response.body?.cancel();
      if (response.status === 404) throw new ProbeFailure('incapable', `the model ${settings.model} is unknown (404)`);
      if (!response.ok) throw new ProbeFailure('incapable', `${url} answered ${response.status}`);
    },
  };
}
