import { failureReason } from '../shared/failure-reason.ts';
import type { TestCase } from '../../domain/dataset/test-case.ts';
import type { EndpointConnection } from '../../domain/endpoint-connection/endpoint-connection.ts';
import { type TurnVariables, turnInput } from '../../domain/endpoint-connection/product-turn.ts';
import {
  claimItem,
  type InferenceGenerationItem,
  isItemOpen,
} from '../../domain/inference-generation/inference-generation-item.ts';
import { type ItemOutcome, ranOutOfCredits } from '../../domain/inference-generation/inference-generation-progress.ts';
import { isLaunchOpen } from '../../domain/run/launch.ts';
import { createInferenceResult, type InferenceResult } from '../../domain/tracing/inference-result.ts';
import { createSession, type Session } from '../../domain/tracing/session.ts';
import { callProduct } from '../endpoint-connection/call-product.ts';
import type { ConnectionSlot } from '../ports/endpoint-caller.ts';
import { type InferenceGenerationJob, JobDeferred } from '../ports/job-queue.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { EndGroup, type Finished, type Played } from './end-items.ts';
import { playConversation } from './play-conversation.ts';

const STOPPED_FOR_CREDITS = 'Out of credits: the launch stopped generating when the organization could not pay for it';

/**
 * The generation worker's job, one test case: plays it against the version's endpoint in one session per item (a
 * conversation's session is claimed before its first turn and a redelivered job continues it; a single turn's session
 * is written with its turn when the item ends, so a delivery that dies first leaves none), records each turn as an
 * inference result, finishes the session and has it scored by the same dispatch as every launch, inside the same
 * launch; the item ends, and the launch's progress grows, in one transaction shared with the items ending beside it
 * (`EndGroup`); the launch settles. A cancelled launch's items end SKIPPED without calling the product, and so do a
 * launch's items starting after one of its test cases ran out of credits (those already calling it go on).
 */
export class GenerateInferences {
  private readonly endings: EndGroup;

  constructor(
    private readonly ports: Ports,
    private readonly settings: Pick<Settings, 'simulatorTurnCredits'>,
  ) {
    this.endings = new EndGroup(ports);
  }

  async executeBatch(jobs: readonly InferenceGenerationJob[]): Promise<void> {
    for (const job of jobs) await this.run(job.organizationId, job.itemId);
  }

  /** A job that failed every attempt: its test case ends failed with the reason, so its launch can still end. */
  async giveUp(job: InferenceGenerationJob, failure: unknown): Promise<void> {
    await this.end(
      job.organizationId,
      job.itemId,
      null,
      { kind: 'failed' },
      failureReason('Generating the test case', failure),
    );
  }

  private async run(scope: string, itemId: string): Promise<void> {
    const item = await this.ports.inferenceGenerationItems.get(scope, itemId);
    if (!item || !isItemOpen(item)) return;
    const launch = await this.ports.launches.get(scope, item.launchId);
    if (!launch || !isLaunchOpen(launch))
      return this.end(scope, item.id, null, { kind: 'cancelled' }, 'launch cancelled');
    if (ranOutOfCredits(launch.progress))
      return this.end(scope, item.id, null, { kind: 'noCredits', testCaseId: item.testCaseId }, STOPPED_FOR_CREDITS);
    const [version, testCase] = await Promise.all([
      this.ports.versions.get(scope, item.versionId),
      this.ports.testCases.get(scope, item.testCaseId),
    ]);
    const connectionId = version?.conversationEndpointConnectionId;
    const connection = connectionId ? await this.ports.endpointConnections.get(scope, connectionId) : null;
    const input = testCase ? turnInput(testCase.input) : null;
    const dataset = testCase ? await this.ports.datasets.get(scope, testCase.datasetId) : null;
    const scenario = dataset?.type === 'SCENARIOS';
    const problem = !version
      ? 'the version no longer exists'
      : !connection
        ? 'the version has no live conversation endpoint connection'
        : !testCase
          ? 'the test case no longer exists'
          : !input && !scenario
            ? 'the test case has no user_message in its input'
            : null;
    if (problem || !connection || !testCase)
      return this.end(scope, item.id, null, { kind: 'failed' }, problem ?? 'cannot run');
    // The connection's slot is taken before any work and held to the end: a job never waits for its product while
    // holding one of the process's workers (other organizations' launches would wait behind a hanging product).
    const slot = this.ports.endpointCaller.tryReserve(connection.id, connection.maxConcurrency);
    if (!slot) throw new JobDeferred(`every slot of endpoint connection ${connection.id} is taken`);
    try {
      await this.play(scope, item, connection, testCase, input, scenario, slot);
    } finally {
      slot.release();
    }
  }

  /** Plays the item's conversation or single turn in the connection's slot, and ends the item. */
  private async play(
    scope: string,
    item: InferenceGenerationItem,
    connection: EndpointConnection,
    testCase: TestCase,
    input: TurnVariables['input'] | null,
    scenario: boolean,
    slot: ConnectionSlot,
  ): Promise<void> {
    const stillOpen = async () => isLaunchOpen(await this.ports.launches.require(scope, item.launchId));
    if (scenario) {
      const session = await this.claim(scope, item);
      const conversation = await playConversation(this.ports, this.settings, {
        scope,
        session,
        connection,
        testCase,
        firstMessage: input?.user_message ?? null,
        stillOpen,
        slot,
      });
      const played: Played = {
        stoppingReason: conversation.stoppingReason,
        error: conversation.error,
        simulation: {
          conversationSimulatorVersion: this.ports.simulator.version,
          failedTurns: conversation.failedTurns,
        },
      };
      const failure: ItemOutcome | null = conversation.outOfCredits
        ? { kind: 'noCredits', testCaseId: testCase.id }
        : conversation.error === null
          ? null
          : { kind: 'failed' };
      return this.end(scope, item.id, { session, played }, failure, conversation.error);
    }
    if (!input) return this.end(scope, item.id, null, { kind: 'failed' }, 'the test case has no user_message');
    // A single turn needs no session before its call: the item's end inserts it with the turn, in one transaction, so
    // a delivery that dies before that leaves nothing behind and the next one starts afresh. An item claimed by an
    // earlier delivery (a session in place, maybe with its turn) is continued.
    const claimed = item.sessionId ? await this.ports.sessions.require(scope, item.sessionId) : null;
    const [recorded] = claimed
      ? await this.ports.inferenceResults.list(scope, { where: where.eq('sessionId', claimed.id), limit: 1 })
      : [];
    const session =
      claimed ??
      createSession(
        { versionId: item.versionId, testCaseId: item.testCaseId, runId: item.runId },
        { id: this.ports.ids.next('session'), organizationId: scope, now: this.ports.clock.now() },
      );
    const result =
      recorded ?? (await this.playSingleTurn(scope, session, connection, testCase, input, { stillOpen, slot }));
    const played: Played =
      result.status === 'FAILED'
        ? { stoppingReason: null, error: result.error ?? 'the call failed' }
        : { stoppingReason: 'single turn answered', error: null };
    await this.end(
      scope,
      item.id,
      { session, played, turn: recorded ? undefined : result, unsaved: claimed === null },
      played.error === null ? null : { kind: 'failed' },
      played.error,
    );
  }

  /** One turn sent to the product, as the inference result the item's end records. */
  private async playSingleTurn(
    scope: string,
    session: Session,
    connection: EndpointConnection,
    testCase: TestCase,
    input: TurnVariables['input'],
    call: { stillOpen: () => Promise<boolean>; slot: ConnectionSlot },
  ): Promise<InferenceResult> {
    const turn = await callProduct(
      this.ports,
      connection,
      {
        input,
        testCase: { ...testCase },
        session: { id: session.id, customId: session.customId },
        productSessionId: null,
        turn: 1,
        history: [],
      },
      call.stillOpen,
      call.slot,
    );
    return createInferenceResult(
      {
        sessionId: session.id,
        input: input.user_message,
        output: turn.mapped.output,
        retrievalContext: turn.mapped.retrievalContext,
        latency: turn.answer.latencyMs,
        inputTokens: turn.mapped.inputTokens,
        outputTokens: turn.mapped.outputTokens,
        status: turn.mapped.error === null ? 'COMPLETED' : 'FAILED',
        error: turn.mapped.error,
      },
      { id: this.ports.ids.next('inferenceResult'), organizationId: scope, now: this.ports.clock.now() },
    );
  }

  /** A conversation's session, created with the claim in one transaction (its turns are recorded as they come). */
  private claim(scope: string, item: InferenceGenerationItem): Promise<Session> {
    return retryStale(() =>
      this.ports.uow.transaction(async () => {
        const current = await this.ports.inferenceGenerationItems.require(scope, item.id);
        if (current.sessionId) return this.ports.sessions.require(scope, current.sessionId);
        const session = createSession(
          { versionId: current.versionId, testCaseId: current.testCaseId, runId: current.runId },
          { id: this.ports.ids.next('session'), organizationId: scope, now: this.ports.clock.now() },
        );
        await this.ports.sessions.insert(session);
        await this.ports.inferenceGenerationItems.update(claimItem(current, session.id));
        return session;
      }),
    );
  }

  /**
   * Ends the item (once): records its single turn, finishes its session and dispatches its evaluations while the
   * launch is open, grows the launch's progress, all in one transaction; then settles the launch once its work is done.
   * Items ending while another group commits wait and end together in the next transaction (`EndGroup`): one
   * transaction, one read and one write of their launch for all of them instead of one each.
   */
  private end(
    scope: string,
    itemId: string,
    finished: Finished | null,
    failure: ItemOutcome | null,
    error: string | null,
  ): Promise<void> {
    return this.endings.end({ scope, itemId, finished, failure, error });
  }
}
