import type { BuildInfo } from '../../domain/operations/build-info.ts';

/** Facts fixed when the platform was built, and deployment settings from configuration. */
export interface Deployment {
  readonly buildInfo: BuildInfo;
  readonly latestSdkVersionPublished: string;
  readonly minimumSdkVersionSupported: string;
  /** Subscription credits a new organization starts with, unless its creator sets them. */
  readonly newOrganizationCredits: number;
}
