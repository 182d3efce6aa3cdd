import type { Ports } from '../ports/ports.ts';

/** The SDK version policy every caller may read. */
export class GetSdkVersionPolicy {
  constructor(private readonly ports: Pick<Ports, 'deployment'>) {}

  execute(): { latestSdkVersionPublished: string; minimumSdkVersionSupported: string } {
    const { latestSdkVersionPublished, minimumSdkVersionSupported } = this.ports.deployment;
    return { latestSdkVersionPublished, minimumSdkVersionSupported };
  }
}
