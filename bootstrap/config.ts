import { z } from 'zod';

/** Every setting, read from the environment here and nowhere else; the README's table mirrors this. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default('sqlite:data/assay.sqlite'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
  SQLITE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ASSAY_ADMIN_API_KEY: z.string().optional(),
  ASSAY_ADMIN_EMAIL: z.string().default('admin@assay.local'),
  ASSAY_BUILD_VERSION: z.string().min(1).default('dev'),
  ASSAY_BUILD_COMMIT: z.string().min(1).default('unknown'),
  ASSAY_BUILD_DATE: z.iso.datetime().optional(),
  SDK_LATEST_VERSION: z.string().default('1.0.0'),
  SDK_MINIMUM_VERSION: z.string().default('1.0.0'),
  ORGANIZATION_STARTING_CREDITS: z.coerce.number().int().min(0).default(1000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(6000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  HTTP_BODY_BYTES_IN_FLIGHT: z.coerce
    .number()
    .int()
    .min(1)
    .default(4 * 1024 * 1024),
  HTTP_LARGE_BODIES_IN_FLIGHT: z.coerce.number().int().min(1).default(2),
  HTTP_BODY_WAIT_MS: z.coerce.number().int().min(1).default(30_000),
  JUDGE_BASE_URL: z.url().optional(),
  JUDGE_MODEL: z.string().optional(),
  JUDGE_API_KEY: z.string().optional(),
  JUDGE_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  SIMULATOR_BASE_URL: z.url().optional(),
  SIMULATOR_MODEL: z.string().optional(),
  SIMULATOR_API_KEY: z.string().optional(),
  SIMULATOR_TURN_CREDITS: z.coerce.number().int().min(0).default(1),
  GENERATOR_BASE_URL: z.url().optional(),
  GENERATOR_MODEL: z.string().optional(),
  GENERATOR_API_KEY: z.string().optional(),
  GENERATION_CREDITS_PER_TEST_CASE: z.coerce.number().int().min(0).default(1),
  GENERATION_MAX_CALLS: z.coerce.number().int().min(1).max(1000).default(50),
  EVALUATION_LLM_JUDGE_CREDITS: z.coerce.number().int().min(0).default(1),
  REVIEW_CLAIM_TTL_MINUTES: z.coerce.number().int().min(1).default(30),
  QUEUE_EMBEDDED_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).default(4),
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).default(32),
  QUEUE_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(300),
  QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(30),
  QUEUE_HEARTBEAT_SECONDS: z.coerce.number().int().min(0).default(30),
  QUEUE_RETRY_LIMIT: z.coerce.number().int().min(0).default(5),
  QUEUE_BATCH_SIZE: z.coerce.number().int().min(1).default(50),
  QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).default(0.5),
  ENDPOINT_ALLOW_PRIVATE_NETWORKS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  ASSAY_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 32 bytes written as 64 hex characters')
    .optional(),
  MARKETPLACE_JWKS_URL: z.url().optional(),
  MARKETPLACE_AUDIENCE: z.string().optional(),
  MARKETPLACE_TENANT_ID: z.string().optional(),
  MARKETPLACE_PLANS: z
    .string()
    .regex(/^\s*([^=,\s]+\s*=\s*(FREE|ENTERPRISE)\s*(,\s*|$))*$/, 'must be planId=FREE|ENTERPRISE,…')
    .default(''),
  MARKETPLACE_RENEWAL_CREDITS: z.coerce.number().int().min(0).optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().default('Assay <no-reply@assay.local>'),
  SMTP_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SESSION_KEY_TTL_HOURS: z.coerce.number().min(0.01).default(12),
  SIGN_IN_ATTEMPTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE: z.coerce.number().int().min(0).default(30_000),
  FAILED_AUTH_PER_MINUTE: z.coerce.number().int().min(0).default(100),
  SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(0).default(100),
  REDIS_URL: z.string().optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  SELF_CHECK_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(3000),
  SELF_CHECK_SERVICES: z
    .string()
    .regex(/^\s*([^=,\s]+\s*=\s*https?:\/\/[^,\s]+\s*(,\s*|$))*$/, 'must be name=http(s)://url,…')
    .default(''),
  SELF_CHECK_SERVICE_NAMES: z.string().default(''),
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  WORKER_HOST: z.string().default('127.0.0.1'),
  RETENTION_SWEEP_SECONDS: z.coerce.number().int().min(1).default(600),
  PURGE_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(30 * 24 * 3600),
  SWEEP_CHUNK_ROWS: z.coerce.number().int().min(1).max(5000).default(5000),
  MONITOR_SWEEP_SECONDS: z.coerce.number().min(0.1).max(86_400).default(30),
  MONITOR_TICK_SESSIONS: z.coerce.number().int().min(2).max(100_000).default(1000),
  MONITOR_TICK_MONITORS: z.coerce.number().int().min(1).max(10_000).default(50),
  ALERT_EVALUATION_SECONDS: z.coerce.number().min(0.1).max(86_400).default(120),
  ALERT_MAIL_RETRY_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
  ASSAY_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('0.0.0.0'),
});

/** `MARKETPLACE_PLANS=planA=FREE,planB=ENTERPRISE` as a map from marketplace plan id to plan. */
export function marketplacePlans(setting: string): Map<string, 'FREE' | 'ENTERPRISE'> {
  const pairs = setting
    .split(',')
    .map((pair) => pair.split('=').map((part) => part.trim()))
    .filter(([planId, plan]) => planId && (plan === 'FREE' || plan === 'ENTERPRISE'));
  return new Map(pairs.map(([planId, plan]) => [planId, plan as 'FREE' | 'ENTERPRISE']));
}

export type Config = z.infer<typeof schema>;

/** The names a configuration was given (environment or overrides), kept on it for `sourceOf`. */
const GIVEN = Symbol('assay.config.given');

/** Whether a setting was given (`env`) or took its code default (`default`); a copy that lost track says `env`. */
export function sourceOf(config: Config, name: keyof Config): 'env' | 'default' {
  const given = (config as { [GIVEN]?: ReadonlySet<string> })[GIVEN];
  return given === undefined || given.has(name) ? 'env' : 'default';
}

/** Validated configuration; unset values take their defaults, bad values stop start-up with a clear message. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const given = new Set([...Object.keys(present), ...Object.keys(overrides)]);
  // An enumerable symbol: spread copies keep it, while JSON and Object.keys never show it.
  const config: Config = { ...result.data, ...overrides };
  return Object.assign(config, { [GIVEN]: given });
}
