import { Conflict } from '../../domain/errors.ts';
import {
  createInferenceGenerationItem,
  type InferenceGenerationItem,
} from '../../domain/inference-generation/inference-generation-item.ts';
import { startProgress } from '../../domain/inference-generation/inference-generation-progress.ts';
import { type Launch, startLaunch } from '../../domain/run/launch.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';
import { retryStale } from '../shared/retry-stale.ts';

type Needs = Pick<
  Ports,
  | 'uow'
  | 'clock'
  | 'ids'
  | 'launches'
  | 'inferenceGenerationItems'
  | 'testCases'
  | 'versions'
  | 'endpointConnections'
  | 'jobQueue'
>;

/** More items than one launch holds. */
const MANY = 100_000;

/** The test case each source item played, or, with `useCurrentTestCases`, the current head of its revision family. */
async function testCasesToPlay(
  ports: Needs,
  scope: string,
  items: readonly InferenceGenerationItem[],
  current: boolean,
) {
  if (!current) return new Map(items.map((item) => [item.id, item.testCaseId]));
  const played = await listIn(
    ports.testCases,
    scope,
    items.map((item) => item.testCaseId),
  );
  const groupOf = new Map(played.map((testCase) => [testCase.id, testCase.testCaseGroupId]));
  const heads = await ports.testCases.list(scope, {
    where: [...where.in('testCaseGroupId', [...new Set(groupOf.values())]), ...where.isNull('legacyAt')],
    limit: MANY,
  });
  const headOf = new Map(heads.map((testCase) => [testCase.testCaseGroupId, testCase.id]));
  return new Map(
    items.flatMap((item) => {
      const head = headOf.get(groupOf.get(item.testCaseId) ?? '');
      return head ? [[item.id, head] as const] : [];
    }),
  );
}

/**
 * The own work of a relaunched GENERATE_INFERENCES launch: the test cases its source played (the same revisions, or
 * their current heads), against the version its request names, as new items and jobs, the launch started with its
 * progress, in one transaction. A version without a live connection, or nothing left to play, is a Conflict (FAILED).
 */
export async function startInferenceGenerationRelaunch(ports: Needs, scope: string, launch: Launch): Promise<void> {
  const sourceId = launch.relaunchedFromLaunchId;
  const sources = sourceId
    ? await ports.inferenceGenerationItems.list(scope, {
        where: where.eq('launchId', sourceId),
        sort: [{ field: 'createdAt', direction: 'asc' }],
        limit: MANY,
      })
    : [];
  const versionId = typeof launch.request.versionId === 'string' ? launch.request.versionId : '';
  const version = await ports.versions.get(scope, versionId);
  const connectionId = version?.conversationEndpointConnectionId;
  if (!version || !connectionId || !(await ports.endpointConnections.get(scope, connectionId)))
    throw new Conflict(`version ${versionId} has no live conversation endpoint connection`);
  const toPlay = await testCasesToPlay(ports, scope, sources, launch.request.useCurrentTestCases === true);
  const planned = sources.filter((item) => toPlay.has(item.id));
  if (planned.length === 0)
    throw new Conflict(`the launch it repeats (${sourceId ?? 'none'}) left no test case to play`);
  await retryStale(() =>
    ports.uow.transaction(async () => {
      const current = await ports.launches.require(scope, launch.id);
      if (current.status !== 'QUEUED') return;
      const now = ports.clock.now();
      await ports.launches.update({ ...startLaunch(current, now), progress: startProgress(planned.length) });
      const items = planned.map((source) =>
        createInferenceGenerationItem(
          {
            launchId: current.id,
            runId: current.runId,
            versionId: version.id,
            testCaseId: toPlay.get(source.id) ?? source.testCaseId,
            specificationId: source.specificationId,
            metricIds: source.metricIds,
          },
          { id: ports.ids.next('generation'), organizationId: scope, now },
        ),
      );
      await ports.inferenceGenerationItems.insertMany(items);
      await ports.jobQueue.enqueueInferenceGenerations(
        items.map((item) => ({ organizationId: scope, itemId: item.id })),
      );
    }),
  );
}
