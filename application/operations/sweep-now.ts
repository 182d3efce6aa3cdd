import type { Actor } from '../../domain/identity/role.ts';
import { assertMaySweep } from '../../domain/operations/retention.ts';
import type { SweepReport, SweepStorage } from './sweep-storage.ts';

/** A platform ADMIN runs the retention and purge sweep at once (`POST /maintenance/sweep`), optionally purging sooner. */
export class SweepNow {
  constructor(private readonly sweep: SweepStorage) {}

  async execute(actor: Actor, options: { readonly purgeAfterSeconds?: number } = {}): Promise<SweepReport> {
    assertMaySweep(actor);
    return this.sweep.execute(options);
  }
}
