import { Unavailable } from '../../domain/errors.ts';
import type { Ports } from '../ports/ports.ts';

/** Readiness for orchestrators and load balancers: ready when the storage answers with a current schema, else Unavailable. */
export class CheckReadiness {
  constructor(private readonly ports: Pick<Ports, 'readiness'>) {}

  async execute(): Promise<{ status: 'ready' }> {
    const problems = await this.ports.readiness.check();
    if (problems.length > 0) throw new Unavailable(`Not ready: ${problems.join('; ')}`, 5);
    return { status: 'ready' };
  }
}
