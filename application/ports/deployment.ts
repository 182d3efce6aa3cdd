import type { BuildInfo } from '../../domain/operations/build-info.ts';

/** Facts fixed when the platform was built, and the SDK version policy from configuration. */
export interface Deployment {
  readonly buildInfo: BuildInfo;
  readonly latestSdkVersionPublished: string;
  readonly minimumSdkVersionSupported: string;
}
