import type { Settings } from '../ports/settings.ts';

/** The SDK version policy every caller may read. */
export class GetSdkVersionPolicy {
  constructor(private readonly settings: Pick<Settings, 'latestSdkVersionPublished' | 'minimumSdkVersionSupported'>) {}

  execute(): { latestSdkVersionPublished: string; minimumSdkVersionSupported: string } {
    const { latestSdkVersionPublished, minimumSdkVersionSupported } = this.settings;
    return { latestSdkVersionPublished, minimumSdkVersionSupported };
  }
}
