import type { Settings } from '../application/ports/settings.ts';
import { type Config, marketplacePlans } from './config.ts';

/** The use cases' settings from the configuration, built here once; `startedAt` is the build date when none is set. */
export function settingsFrom(config: Config, startedAt: Date): Settings {
  return {
    buildInfo: {
      version: config.ASSAY_BUILD_VERSION,
      commit: config.ASSAY_BUILD_COMMIT,
      buildDate: config.ASSAY_BUILD_DATE ?? startedAt.toISOString(),
    },
    latestSdkVersionPublished: config.SDK_LATEST_VERSION,
    minimumSdkVersionSupported: config.SDK_MINIMUM_VERSION,
    newOrganizationCredits: config.ORGANIZATION_STARTING_CREDITS,
    llmJudgeCredits: config.EVALUATION_LLM_JUDGE_CREDITS,
    simulatorTurnCredits: config.SIMULATOR_TURN_CREDITS,
    generationCreditsPerTestCase: config.GENERATION_CREDITS_PER_TEST_CASE,
    generationMaxCalls: config.GENERATION_MAX_CALLS,
    claimTtlMinutes: config.REVIEW_CLAIM_TTL_MINUTES,
    sessionKeyTtlHours: config.SESSION_KEY_TTL_HOURS,
    marketplacePlans: marketplacePlans(config.MARKETPLACE_PLANS),
    marketplaceRenewalCredits: config.MARKETPLACE_RENEWAL_CREDITS ?? config.ORGANIZATION_STARTING_CREDITS,
    purgeAfterSeconds: config.PURGE_AFTER_SECONDS,
    sweepChunkRows: config.SWEEP_CHUNK_ROWS,
    publicUrl: config.ASSAY_PUBLIC_URL ?? null,
    alertMailRetrySeconds: config.ALERT_MAIL_RETRY_SECONDS,
    monitorTickSessions: config.MONITOR_TICK_SESSIONS,
    monitorTickMonitors: config.MONITOR_TICK_MONITORS,
  };
}
