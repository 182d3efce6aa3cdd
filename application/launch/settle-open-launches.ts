import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { settleLaunches } from './settle-launches.ts';

const PAGE = 500;

/**
 * Settles every RUNNING launch with nothing PENDING left, in every organization: what a process stopped between a
 * scoring commit and the settlement that follows it leaves behind. Workers run it when they start.
 */
export class SettleOpenLaunches {
  constructor(private readonly ports: Pick<Ports, 'uow' | 'clock' | 'runs' | 'launches' | 'evaluations'>) {}

  async execute(): Promise<void> {
    let after: string | null = null;
    for (;;) {
      const page = await this.ports.launches.list(null, {
        where: [...where.eq('status', 'RUNNING'), ...(after === null ? [] : where.range('id', after, undefined))],
        sort: [{ field: 'id', direction: 'asc' }],
        limit: PAGE + 1,
      });
      const fresh = page.filter((launch) => launch.id !== after);
      for (const organizationId of new Set(fresh.map((launch) => launch.organizationId)))
        await settleLaunches(
          this.ports,
          organizationId,
          fresh.filter((launch) => launch.organizationId === organizationId).map((launch) => launch.id),
        );
      if (page.length <= PAGE || fresh.length === 0) return;
      after = fresh[fresh.length - 1].id;
    }
  }
}
