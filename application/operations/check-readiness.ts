import { Unavailable } from '../../domain/errors.ts';
import type { Ports } from '../ports/ports.ts';

/**
 * Readiness for orchestrators and load balancers: ready when the storage answers with a current schema, else
 * Unavailable. A part that still serves in a lesser way (the shared rate store away) is named but keeps it ready.
 */
export class CheckReadiness {
  constructor(private readonly ports: Pick<Ports, 'readiness'>) {}

  async execute(): Promise<{ status: 'ready'; degraded?: readonly string[] }> {
    const problems = await this.ports.readiness.check();
    if (problems.length > 0) throw new Unavailable(`Not ready: ${problems.join('; ')}`, 5);
    const degraded = this.ports.readiness.degraded?.() ?? [];
    return degraded.length > 0 ? { status: 'ready', degraded } : { status: 'ready' };
  }
}
