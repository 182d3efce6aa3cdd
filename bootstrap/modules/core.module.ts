import { ContainerModule } from 'inversify';
import type pino from 'pino';
import type { Ports, StoragePorts } from '../../application/ports/ports.ts';
import { createUseCases } from '../../application/use-cases.ts';
import { createHttpApp } from '../../adapters/http/app.ts';
import { BodyAdmission } from '../../adapters/http/body-admission.ts';
import { allRoutes } from '../../adapters/http/routes/index.ts';
import { Re2PatternEngine } from '../../adapters/system/re2-pattern-engine.ts';
import { HashingSecrets } from '../../adapters/system/hashing-secrets.ts';
import { createPinoLogger, PinoLogger } from '../../adapters/system/pino-logger.ts';
import { SortableIdGenerator } from '../../adapters/system/sortable-id-generator.ts';
import { SystemClock } from '../../adapters/system/system-clock.ts';
import { createJudges } from '../../adapters/judge/create-judges.ts';
import { AesGcmSecretBox } from '../../adapters/system/aes-gcm-secret-box.ts';
import { LiquidEndpointFormat } from '../../adapters/endpoint-connection/liquid-endpoint-format.ts';
import { createSimulator } from '../../adapters/simulator/openai-chat-simulator.ts';
import { HttpEndpointCaller } from '../../adapters/endpoint-connection/http-endpoint-caller.ts';
import type { RunnableJobQueue } from '../../adapters/queue/job-runner.ts';
import type { Config } from '../config.ts';
import { simulatorSettings } from '../simulator-settings.ts';
import { generatorSettings } from '../generator-settings.ts';
import { createGenerationModel } from '../../adapters/generation/openai-chat-generator.ts';
import { PdfjsTextExtractor } from '../../adapters/generation/pdfjs-text-extractor.ts';
import { BoundedReadinessProbe } from '../../adapters/system/bounded-readiness-probe.ts';
import { TOKENS } from '../tokens.ts';
import { operationsPorts } from './operations-ports.ts';
import { MonitorTicks, PeriodicTask } from '../periodic-task.ts';
import { PeriodicSweep } from '../periodic-sweep.ts';
import { PlatformMetrics } from '../../adapters/metrics/prometheus-metrics.ts';
import type { RateLimiters } from './rate-limit.module.ts';
import type { UseCases } from '../../application/use-cases.ts';
import type { Settings } from '../../application/ports/settings.ts';

/** System services, the use cases over the chosen storage, and the HTTP application. */
export const coreModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.pino)
    .toResolvedValue((config: Config) => createPinoLogger(config.LOG_LEVEL), [TOKENS.config])
    .inSingletonScope();
  bind(TOKENS.ports)
    .toResolvedValue(
      (
        config: Config,
        logger: pino.Logger,
        storage: StoragePorts,
        jobQueue: RunnableJobQueue,
        rateLimiters: RateLimiters,
        metrics: PlatformMetrics,
      ): Ports => ({
        ...storage,
        ...operationsPorts(config),
        readiness: new BoundedReadinessProbe(storage.readiness, [() => rateLimiters.degradation()]),
        signInLimiter: rateLimiters.signIn,
        jobQueue,
        judges: createJudges({
          baseUrl: config.JUDGE_BASE_URL,
          model: config.JUDGE_MODEL,
          apiKey: config.JUDGE_API_KEY,
          timeoutMs: config.JUDGE_TIMEOUT_MS,
        }),
        clock: new SystemClock(),
        ids: new SortableIdGenerator(),
        secrets: new HashingSecrets(),
        patterns: new Re2PatternEngine(),
        secretBox: new AesGcmSecretBox(config.ASSAY_SECRET_KEY),
        endpointFormat: new LiquidEndpointFormat(),
        endpointCaller: new HttpEndpointCaller({ allowPrivateNetworks: config.ENDPOINT_ALLOW_PRIVATE_NETWORKS }),
        simulator: createSimulator(simulatorSettings(config)),
        generationModel: createGenerationModel(generatorSettings(config)),
        textExtractor: new PdfjsTextExtractor(),
        logger: new PinoLogger(logger),
        spanIngestion: metrics,
        sweepObserver: metrics,
        monitorObserver: metrics,
      }),
      [TOKENS.config, TOKENS.pino, TOKENS.storage, TOKENS.jobQueue, TOKENS.rateLimiters, TOKENS.metrics],
    )
    .inSingletonScope();
  bind(TOKENS.metrics)
    .toDynamicValue(
      async (context) => new PlatformMetrics((await context.getAsync(TOKENS.database, { optional: true })) ?? null),
    )
    .inSingletonScope();
  bind(TOKENS.useCases)
    .toResolvedValue(
      (ports: Ports, settings: Settings) => createUseCases(ports, settings),
      [TOKENS.ports, TOKENS.settings],
    )
    .inSingletonScope();
  bind(TOKENS.sweeper)
    .toResolvedValue(
      (useCases: UseCases, ports: Ports, config: Config) =>
        new PeriodicSweep(
          (options) => useCases.sweepStorage.execute(options),
          config.RETENTION_SWEEP_SECONDS * 1000,
          ports.logger,
        ),
      [TOKENS.useCases, TOKENS.ports, TOKENS.config],
    )
    .inSingletonScope()
    .onDeactivation((sweeper) => sweeper.stop());
  bind(TOKENS.monitorTicks)
    .toResolvedValue(
      (useCases: UseCases, ports: Ports, config: Config) =>
        new MonitorTicks(
          new PeriodicTask(
            'monitor discovery',
            () => useCases.discoverMonitorSessions.execute(),
            config.MONITOR_SWEEP_SECONDS * 1000,
            ports.logger,
          ),
          new PeriodicTask(
            'alert evaluation',
            () => useCases.evaluateAlerts.execute(),
            config.ALERT_EVALUATION_SECONDS * 1000,
            ports.logger,
          ),
        ),
      [TOKENS.useCases, TOKENS.ports, TOKENS.config],
    )
    .inSingletonScope()
    .onDeactivation((ticks) => ticks.stop());
  bind(TOKENS.httpApp)
    .toResolvedValue(
      (useCases: UseCases, logger: pino.Logger, config: Config, rateLimiters: RateLimiters, metrics: PlatformMetrics) =>
        createHttpApp({
          observe: (sample) => metrics.observeRequest(sample),
          routes: allRoutes(useCases),
          resolveActor: (credential) => useCases.authenticate.execute(credential),
          logger,
          rateLimiter: rateLimiters.perKey,
          organizationRateLimiter: rateLimiters.perOrganization,
          failedAuthLimiter: rateLimiters.failedAuth,
          failedSignInLimiter: rateLimiters.failedSignIn,
          trustProxyHops: config.TRUST_PROXY_HOPS,
          bodyAdmission: {
            admission: new BodyAdmission(config.HTTP_BODY_BYTES_IN_FLIGHT, config.HTTP_LARGE_BODIES_IN_FLIGHT),
            waitMs: config.HTTP_BODY_WAIT_MS,
          },
        }),
      [TOKENS.useCases, TOKENS.pino, TOKENS.config, TOKENS.rateLimiters, TOKENS.metrics],
    )
    .inSingletonScope();
});
