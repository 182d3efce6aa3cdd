import { createInferenceGenerationItem } from '../../domain/inference-generation/inference-generation-item.ts';
import {
  type InferenceGenerationFilter,
  type InferenceGenerationPlan,
  checkInferenceGenerationTarget,
  planInferenceGeneration,
} from '../../domain/inference-generation/inference-generation-plan.ts';
import { startProgress } from '../../domain/inference-generation/inference-generation-progress.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { launchRequest } from '../../domain/run/launch.ts';
import { versionTarget } from '../../domain/run/run.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';
import { launchWith } from '../launch/open-launch.ts';

export interface InferenceGenerationRequest extends InferenceGenerationFilter {
  readonly versionId: string;
  readonly specificationIds?: readonly string[];
  readonly runId?: string;
}

/** The 202 answer: where the launch runs, how many test cases it plays, and which specifications it left out. */
export interface InferenceGenerationReport {
  readonly runId: string;
  readonly launchId: string;
  readonly testCaseCount: number;
  readonly specifications: InferenceGenerationPlan['specifications'];
  readonly skipped: InferenceGenerationPlan['skipped'];
}

/** More test cases than the datasets of one launch are read for. */
const MANY = 100_000;

type Needs = Pick<
  Ports,
  | 'uow'
  | 'clock'
  | 'ids'
  | 'sequences'
  | 'runs'
  | 'launches'
  | 'versions'
  | 'specifications'
  | 'datasets'
  | 'testCases'
  | 'metrics'
  | 'endpointConnections'
  | 'inferenceGenerationItems'
  | 'jobQueue'
>;

/**
 * POST /evaluations/fromVersion: plans which test cases to play (generation-plan's rules), then in one transaction
 * opens the GENERATE_INFERENCES launch (and its run), writes one item per test case and enqueues their jobs.
 */
export class LaunchInferenceGeneration {
  constructor(private readonly ports: Needs) {}

  async execute(actor: Actor, request: InferenceGenerationRequest): Promise<InferenceGenerationReport> {
    const scope = actor.organizationId;
    const version = await this.ports.versions.require(scope, request.versionId);
    const connectionId = version.conversationEndpointConnectionId;
    const [connection, specifications] = await Promise.all([
      connectionId ? this.ports.endpointConnections.get(scope, connectionId) : null,
      request.specificationIds
        ? this.ports.specifications.requireMany(scope, request.specificationIds)
        : this.ports.specifications.list(scope, {
            where: where.eq('productId', version.productId),
            sort: [{ field: 'createdAt', direction: 'asc' }],
            limit: 1000,
          }),
    ]);
    checkInferenceGenerationTarget(version, connection !== null, specifications);
    const datasetIds = [...new Set(specifications.flatMap((specification) => specification.datasetIds))];
    const [datasets, metrics, testCases] = await Promise.all([
      listIn(this.ports.datasets, scope, datasetIds),
      listIn(
        this.ports.metrics,
        scope,
        specifications.flatMap((specification) => specification.metricIds),
      ),
      datasetIds.length === 0
        ? []
        : this.ports.testCases.list(scope, {
            where: [...where.in('datasetId', datasetIds), ...where.isNull('legacyAt')],
            sort: [{ field: 'createdAt', direction: 'asc' }],
            limit: MANY,
          }),
    ]);
    const plan = planInferenceGeneration(specifications, datasets, testCases, metrics, request);
    const opening = {
      runId: request.runId,
      kind: 'GENERATE_INFERENCES' as const,
      request: launchRequest(request),
      target: versionTarget(version),
      progress: startProgress(plan.testCases.length),
    };
    const { run, launch } = await launchWith(this.ports, actor, opening, async ({ run, launch }) => {
      const now = this.ports.clock.now();
      const items = plan.testCases.map((planned) =>
        createInferenceGenerationItem(
          { ...planned, launchId: launch.id, runId: run.id, versionId: version.id },
          { id: this.ports.ids.next('generation'), organizationId: scope, now },
        ),
      );
      await this.ports.inferenceGenerationItems.insertMany(items);
      await this.ports.jobQueue.enqueueInferenceGenerations(
        items.map((item) => ({ organizationId: scope, itemId: item.id })),
      );
      return {};
    });
    return {
      runId: run.id,
      launchId: launch.id,
      testCaseCount: plan.testCases.length,
      specifications: plan.specifications,
      skipped: plan.skipped,
    };
  }
}
