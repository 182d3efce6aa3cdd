import type { BuildInfo } from '../../domain/operations/build-info.ts';
import type { Plan } from '../../domain/organization/subscription.ts';

/**
 * The deployment's choices the use cases apply: plain values read from the configuration once, in bootstrap, and
 * handed to `createUseCases(ports, settings)`; a use case takes the ones it needs in its constructor. Never a service
 * (those are ports).
 */
export interface Settings {
  /** What `GET /build-info` answers: the build's version, commit and date (the process start when not set). */
  readonly buildInfo: BuildInfo;
  /** The SDK version policy `GET /minimum-sdk-version` answers. */
  readonly latestSdkVersionPublished: string;
  readonly minimumSdkVersionSupported: string;
  /** Subscription credits a new organization starts with, unless its creator sets them. */
  readonly newOrganizationCredits: number;
  /** Credits one LLM-judge evaluation costs. */
  readonly llmJudgeCredits: number;
  /** Credits one simulator call of a scenario conversation costs. */
  readonly simulatorTurnCredits: number;
  /** Credits one generated test case costs (charged as it is written). */
  readonly generationCreditsPerTestCase: number;
  /** Model calls one generation job may make at most. */
  readonly generationMaxCalls: number;
  /** Minutes a claim on an evaluation holds before another reviewer may take it over. */
  readonly claimTtlMinutes: number;
  /** Hours a session key from sign-in stays valid. */
  readonly sessionKeyTtlHours: number;
  /** Marketplace plan ids and the plan each stands for; a ChangePlan to any other is declined. */
  readonly marketplacePlans: ReadonlyMap<string, Plan>;
  /** Subscription credits a marketplace Renew refreshes the organization to. */
  readonly marketplaceRenewalCredits: number;
  /** Seconds a soft-deleted record is kept before the sweep purges it for good. */
  readonly purgeAfterSeconds: number;
  /** Rows the sweep deletes in one transaction at most (1 to 5,000). */
  readonly sweepChunkRows: number;
  /** Where the API and its console are reached from outside (ASSAY_PUBLIC_URL), for links in e-mails; null when unknown. */
  readonly publicUrl: string | null;
  /** Seconds after a refused alert e-mail before an alert tick sends it again (ALERT_MAIL_RETRY_SECONDS). */
  readonly alertMailRetrySeconds: number;
  /** Sessions one monitor queues in one discovery tick at most (MONITOR_TICK_SESSIONS); the rest wait for the next. */
  readonly monitorTickSessions: number;
  /** Monitors of one organization one discovery tick looks at, at most (MONITOR_TICK_MONITORS). */
  readonly monitorTickMonitors: number;
}
