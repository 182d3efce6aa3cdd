import type { Container } from 'inversify';
import { verdictOf } from '../domain/operations/self-check.ts';
import { modelProbe } from '../adapters/self-check/model-probe.ts';
import { exercise, type Probe, ProbeFailure } from '../adapters/self-check/probe.ts';
import { type Config, sourceOf } from './config.ts';
import { generatorSettings } from './generator-settings.ts';
import { simulatorSettings } from './simulator-settings.ts';
import { type SideServer, serveSide } from './side-server.ts';
import { TOKENS } from './tokens.ts';

/**
 * The worker's probes: its database answers, a trivial job is picked up, the judge knows its model, and so do the
 * simulator and the dataset generator (each its own settings, or the judge's in their place: `source: fallback`).
 */
async function workerProbes(container: Container, config: Config): Promise<Probe[]> {
  const [ports, queue] = await Promise.all([container.getAsync(TOKENS.ports), container.getAsync(TOKENS.jobQueue)]);
  const database = config.DATABASE_URL.replace(/\/\/[^@]*@/, '//***@');
  const source = sourceOf(config, 'DATABASE_URL');
  const probes: Probe[] = [
    {
      entry: { kind: 'storage', name: 'DATABASE_URL', source, severity: 'critical', resolved: database },
      async run() {
        const problems = await ports.readiness.check();
        if (problems.length === 0) return;
        const answered = !problems.some((problem) => /does not answer/.test(problem));
        throw new ProbeFailure(answered ? 'incapable' : 'unavailable', problems.join('; '));
      },
    },
  ];
  const { ping } = queue;
  if (ping) {
    probes.push({
      entry: { kind: 'queue', name: 'DATABASE_URL', source, severity: 'critical', resolved: database },
      run: (signal) => ping.call(queue, signal),
    });
  }
  if (config.JUDGE_BASE_URL && config.JUDGE_MODEL)
    probes.push(
      modelProbe({ baseUrl: config.JUDGE_BASE_URL, model: config.JUDGE_MODEL, apiKey: config.JUDGE_API_KEY }),
    );
  const simulator = judgeFallbackProbe('SIMULATOR', simulatorSettings(config), config.SIMULATOR_BASE_URL);
  const generator = judgeFallbackProbe('GENERATOR', generatorSettings(config), config.GENERATOR_BASE_URL);
  for (const probe of [simulator, generator]) if (probe) probes.push(probe);
  return probes;
}

/**
 * A model that may borrow the judge's settings (`SIMULATOR`, `GENERATOR`), probed like the judge's and named
 * `<prefix>_MODEL`. Its own base URL without its own model is reported, not skipped; with neither it is not
 * configured (the judge's base URL without a model configures no judge either) and left out.
 */
function judgeFallbackProbe(
  prefix: 'SIMULATOR' | 'GENERATOR',
  settings: { baseUrl?: string; model?: string; apiKey?: string; modelSource: 'env' | 'fallback' },
  ownBaseUrl: string | undefined,
): Probe | null {
  const { baseUrl, model, apiKey, modelSource } = settings;
  const name = `${prefix}_MODEL`;
  if (baseUrl && model) return modelProbe({ baseUrl, model, apiKey, name, source: modelSource });
  if (!ownBaseUrl) return null;
  return {
    entry: { kind: 'model', name, severity: 'critical', resolved: `(none) at ${ownBaseUrl}` },
    async run() {
      throw new ProbeFailure('unavailable', `${prefix}_BASE_URL is set without ${name}`);
    },
  };
}

/**
 * The worker's own `GET /self-check` on WORKER_HOST:WORKER_PORT (loopback by default), in the service shape the API
 * asks for; every probe runs in parallel within SELF_CHECK_TIMEOUT_MS. No credential: keep it off public networks.
 */
export async function serveWorkerSelfCheck(container: Container, config: Config, port: number): Promise<SideServer> {
  const probes = await workerProbes(container, config);
  return serveSide(port, config.WORKER_HOST, async (request, response) => {
    if (request.method !== 'GET' || request.url !== '/self-check') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'not_found', message: 'Only GET /self-check is served here' }));
      return;
    }
    const dependencies = await Promise.all(probes.map((probe) => exercise(probe, config.SELF_CHECK_TIMEOUT_MS)));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: verdictOf(dependencies), dependencies }));
  });
}
