import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { viewRun, type RunWithLaunches } from './run-views.ts';

/** GET /runs/{id}: one run with its counts and launches. */
export class GetRun {
  constructor(private readonly ports: Pick<Ports, 'costLedger' | 'runs' | 'launches' | 'evaluations'>) {}

  async execute(actor: Actor, id: string): Promise<RunWithLaunches> {
    return viewRun(this.ports, actor.organizationId, await this.ports.runs.require(actor.organizationId, id));
  }
}
