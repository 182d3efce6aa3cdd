import type { TestCase } from '../../domain/dataset/test-case.ts';
import { readAnswerJson } from '../../domain/endpoint-connection/answer-json.ts';
import { matchingEndRule } from '../../domain/endpoint-connection/end-rules.ts';
import type { EndpointConnection } from '../../domain/endpoint-connection/endpoint-connection.ts';
import type { HistoryEntry } from '../../domain/endpoint-connection/product-turn.ts';
import { createInferenceResult, type InferenceResult } from '../../domain/tracing/inference-result.ts';
import { type Session, updateSession } from '../../domain/tracing/session.ts';
import { callProduct } from '../endpoint-connection/call-product.ts';
import { insertPricedTurns } from '../cost/insert-priced-turns.ts';
import type { ConnectionSlot } from '../ports/endpoint-caller.ts';
import { askSimulator } from './ask-simulator.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';

/** Turns a scenario plays when its test case sets no `maxIterations`. */
export const DEFAULT_MAX_ITERATIONS = 10;

/** How a simulated conversation ended. */
export interface PlayedConversation {
  readonly stoppingReason: string | null;
  /** Why the session failed (no turn answered, the simulator failed, the launch was cancelled); null otherwise. */
  readonly error: string | null;
  /** The organization could not pay for the next simulator call. */
  readonly outOfCredits: boolean;
  /** Inference results of turns whose call failed. */
  readonly failedTurns: readonly string[];
}

interface Conversation {
  readonly scope: string;
  readonly session: Session;
  readonly connection: EndpointConnection;
  readonly testCase: TestCase;
  /** The test case's first user message, when it has one (that turn needs no simulator call). */
  readonly firstMessage: string | null;
  readonly stillOpen: () => Promise<boolean>;
  /** The connection's slot this conversation holds for every turn. */
  readonly slot?: ConnectionSlot;
}

/** An end rule's path reads the answer within the same budgets as the output mapping; over them, it matches nothing. */
const selectIn = (ports: Pick<Ports, 'endpointFormat'>, body: string) => {
  const read = readAnswerJson(body);
  if ('problem' in read) return () => [];
  return (path: string) => {
    try {
      return ports.endpointFormat.select(read.document, path);
    } catch {
      return [];
    }
  };
};

/**
 * Plays a SCENARIOS test case: the simulated user (asked for every user turn but a first one the test case gives)
 * talks to the product until it says stop, `maxIterations` turns were played, or an end rule of the connection
 * matches an answer. Each turn is recorded as an inference result; a redelivered job continues after the turns an
 * earlier delivery recorded. Each simulated turn first takes `simulatorTurnCredits` from the organization (once,
 * however many attempts its simulator call needs). A simulator failing every attempt ends the conversation: with the
 * turns answered so far kept (the session is scored, its stopping reason says why), or failed when none was.
 */
export async function playConversation(
  ports: Ports,
  settings: Pick<Settings, 'simulatorTurnCredits'>,
  conversation: Conversation,
): Promise<PlayedConversation> {
  const { scope, session, connection, testCase } = conversation;
  const maxIterations = testCase.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const recorded = await ports.inferenceResults.list(scope, {
    where: where.eq('sessionId', session.id),
    sort: [
      { field: 'createdAt', direction: 'asc' },
      { field: 'id', direction: 'asc' },
    ],
    limit: maxIterations,
  });
  const history: HistoryEntry[] = [];
  const failedTurns: string[] = [];
  const note = (result: InferenceResult) => {
    history.push({ role: 'user', content: result.input ?? '' });
    if (result.output !== null) history.push({ role: 'assistant', content: result.output });
    if (result.status === 'FAILED') failedTurns.push(result.id);
  };
  for (const result of recorded) note(result);
  // The product's own conversation id, kept on the session so a redelivered job goes on in the same conversation.
  let productSessionId = productSessionOf(session);
  const answered = () => recorded.length > failedTurns.length;
  const ended = (stoppingReason: string | null, error: string | null = null, outOfCredits = false) => {
    if (error === null && !answered()) error = 'no turn of the conversation was answered';
    return { stoppingReason, error, outOfCredits, failedTurns };
  };
  for (let turn = recorded.length + 1; turn <= maxIterations; turn++) {
    if (!(await conversation.stillOpen())) return ended(null, 'launch cancelled');
    let message: string;
    if (turn === 1 && conversation.firstMessage !== null) message = conversation.firstMessage;
    else {
      const cost = settings.simulatorTurnCredits;
      if (cost > 0 && (await ports.organizations.debitCredits(scope, cost)) === null)
        return ended('out of credits', 'Out of credits: the organization cannot pay for the simulated user', true);
      const reply = await askSimulator(ports, {
        userPersona: testCase.userPersona,
        goal: testCase.goal,
        scenario: testCase.scenario,
        languageCode: testCase.languageCode,
        history,
      });
      // Failed on every attempt: the turns already answered are kept and scored; none answered fails the session, and
      // so does a simulator with no model configured (a setting to fix, not a passing failure).
      if (reply.kind === 'failed')
        return answered() && ports.simulator.configured
          ? ended(`simulator failed: ${reply.error}`)
          : ended(null, reply.error);
      if (reply.stop) return ended(`simulator: ${reply.reason ?? 'stopping criterion met'}`);
      message = reply.message;
    }
    const played = await callProduct(
      ports,
      connection,
      {
        input: { user_message: message },
        testCase: { ...testCase },
        session: { id: session.id, customId: session.customId },
        productSessionId,
        turn,
        history: [...history],
      },
      conversation.stillOpen,
      conversation.slot,
    );
    const answeredSessionId = played.mapped.sessionId ?? productSessionId;
    // In a transaction: on SQLite that queues the write behind the others instead of busy-waiting on their lock.
    const result = await ports.uow.transaction(async () => {
      if (answeredSessionId !== productSessionId)
        await rememberProductSession(ports, scope, session.id, answeredSessionId);
      const [stored] = await insertPricedTurns(ports, [
        createInferenceResult(
          {
            sessionId: session.id,
            input: message,
            output: played.mapped.output,
            retrievalContext: played.mapped.retrievalContext,
            latency: played.answer.latencyMs,
            inputTokens: played.mapped.inputTokens,
            outputTokens: played.mapped.outputTokens,
            status: played.mapped.error === null ? 'COMPLETED' : 'FAILED',
            error: played.mapped.error,
          },
          { id: ports.ids.next('inferenceResult'), organizationId: scope, now: ports.clock.now() },
        ),
      ]);
      return stored;
    });
    recorded.push(result);
    note(result);
    productSessionId = answeredSessionId;
    const status = played.answer.status;
    const rule =
      status === null
        ? null
        : matchingEndRule(connection.conversationEndRules, { status }, selectIn(ports, played.answer.body));
    if (rule) return ended(`end rule: status ${rule.statusCode}${rule.jsonPath ? ` and ${rule.jsonPath}` : ''}`);
  }
  return ended(`maxIterations reached (${maxIterations})`);
}

/** Where a generated session keeps the product's conversation id: its metadata's `productSessionId`. */
function productSessionOf(session: Session): string | null {
  const stored = session.metadata?.productSessionId;
  return typeof stored === 'string' ? stored : null;
}

async function rememberProductSession(
  ports: Ports,
  scope: string,
  sessionId: string,
  productSessionId: string | null,
): Promise<void> {
  const current = await ports.sessions.require(scope, sessionId);
  await ports.sessions.update(updateSession(current, { metadata: { ...current.metadata, productSessionId } }));
}
