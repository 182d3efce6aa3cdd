import type { Actor } from '../../domain/identity/role.ts';
import { createRun, runOrdinalSequence, type NewRun } from '../../domain/run/run.ts';
import type { Ports } from '../ports/ports.ts';
import { withConflictMessage } from '../shared/insert-named.ts';
import type { RunView } from './run-views.ts';

/** POST /runs: a run the caller opens (and closes) around its own launches; its ordinal comes from the product's sequence. */
export class CreateRun {
  constructor(
    private readonly ports: Pick<Ports, 'products' | 'versions' | 'runs' | 'sequences' | 'ids' | 'clock' | 'uow'>,
  ) {}

  async execute(actor: Actor, input: NewRun): Promise<RunView> {
    const scope = actor.organizationId;
    const product = await this.ports.products.require(scope, input.productId);
    const version = input.versionId ? await this.ports.versions.require(scope, input.versionId) : null;
    const run = await this.ports.uow.transaction(async () => {
      const ordinal = await this.ports.sequences.next(scope, runOrdinalSequence(product.id));
      const opened = createRun(input, {
        id: this.ports.ids.next('run'),
        organizationId: scope,
        now: this.ports.clock.now(),
        userId: actor.userId,
        ordinal,
        openedBy: 'CALLER',
        version,
      });
      return withConflictMessage(
        () => this.ports.runs.insert(opened),
        `A run with customId "${opened.customId}" is already open on product ${product.id}`,
      );
    });
    return { ...run, evaluationCount: 0, sessionCount: 0, inputTokens: 0, outputTokens: 0, cost: 0 };
  }
}
