import { createEvaluation } from '../../domain/evaluation/evaluation.ts';
import type { ApiClient } from './api-client.ts';
import { type ConsoleScene, consoleScene, HOSTILE } from './console-seed.ts';
import type { HttpWorld } from './http-world.ts';

async function created(client: ApiClient, path: string, body: unknown): Promise<any> {
  const response = await client.post(path, body);
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body).slice(0, 500)}`);
  return response.body;
}

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

/**
 * `count` spans of one turn as a tree: a root agent, then model calls and tools below it in groups of 50 (each
 * group a CHAIN with its children), every span timed inside its parent. Ids are unique per call (`label`).
 */
export function spanForest(inferenceResultId: string, count: number, label: string): any[] {
  const id = (index: number) => `trace_${label}_${index}`;
  const spans: any[] = [
    { id: id(0), inferenceResultId, name: 'agent', type: 'AGENT', startTime: at(0), endTime: at(count * 2 + 10) },
  ];
  let chain = 0;
  for (let index = 1; index < count; index++) {
    const group = (index - 1) % 50 === 0;
    if (group) chain = index;
    spans.push({
      id: id(index),
      inferenceResultId,
      name: group ? `step ${Math.ceil(index / 50)}` : `call ${index}`,
      type: group ? 'CHAIN' : index % 3 === 0 ? 'TOOL' : 'GENERATION',
      parentTraceId: group ? id(0) : id(chain),
      startTime: at(index * 2),
      endTime: at(index * 2 + (group ? 100 : 1)),
      inputData: { index },
    });
  }
  return spans;
}

/** Spans posted in batches the API takes (10,000 at most). */
export async function postSpans(client: ApiClient, spans: readonly any[]): Promise<void> {
  for (let start = 0; start < spans.length; start += 5000)
    await created(client, '/traces/batch?return=minimal', { traces: spans.slice(start, start + 5000) });
}

/** The console scene plus what the session, traces and dataset pages show. */
export interface TraceScene extends ConsoleScene {
  /** A production conversation of two turns; its first turn has a small span tree with markup, an error, an orphan. */
  readonly conversation: any;
  readonly turns: any[];
  /** A session whose one turn holds `bigSpans` spans. */
  readonly big: any;
  /** The sessions in the order they were opened (oldest first), each `{session, productName}`. */
  readonly opened: any[];
  /** The second product, for the product filter. */
  readonly otherProduct: any;
}

/**
 * The scene of the session, traces and dataset pages: consoleScene, a production conversation with two turns
 * (tokens, cost, evaluations with reasons, spans carrying HOSTILE markup), sessions of every status on two products,
 * a session with `bigSpans` spans in one turn, and a test case edited into a second revision.
 */
export async function traceScene(world: HttpWorld, bigSpans = 5000): Promise<TraceScene> {
  const scene = await consoleScene(world, 3);
  const client = scene.tenant.owner;
  const conversation = await created(client, '/sessions', {
    versionId: scene.versions[1].id,
    customId: `parcel chat ${HOSTILE}`,
    metadata: { channel: 'web' },
  });
  const turns = [
    await created(client, '/inferenceResults', {
      sessionId: conversation.id,
      input: 'Where is my parcel?',
      output: `It arrives tomorrow. ${HOSTILE}`,
      latency: 1234,
      inputTokens: 120,
      outputTokens: 30,
      cost: 0.00042,
      model: 'gpt-test',
    }),
    await created(client, '/inferenceResults', {
      sessionId: conversation.id,
      input: `Thanks ${HOSTILE}`,
      output: 'You are welcome.',
      latency: 200,
    }),
  ];
  const turn = turns[0].id;
  await postSpans(client, [
    {
      id: 'trace_root',
      inferenceResultId: turn,
      name: 'answer question',
      type: 'AGENT',
      startTime: at(0),
      endTime: at(1000),
    },
    {
      id: 'trace_model',
      inferenceResultId: turn,
      name: 'chat model',
      type: 'GENERATION',
      parentTraceId: 'trace_root',
      startTime: at(100),
      endTime: at(600),
      model: 'gpt-test',
      usage: { inputTokens: 120, outputTokens: 30 },
      inputData: { messages: [{ role: 'user', content: `Where is my parcel? ${HOSTILE}` }], temperature: 0 },
      outputData: { content: `It arrives tomorrow. ${HOSTILE}`, long: 'x'.repeat(3000) },
      metadata: { provider: 'test', nested: { deeper: { deepest: HOSTILE } } },
    },
    {
      id: 'trace_tool',
      inferenceResultId: turn,
      name: `track parcel ${HOSTILE}`,
      type: 'TOOL',
      parentTraceId: 'trace_model',
      startTime: at(300),
      endTime: at(500),
      error: `carrier API timed out ${HOSTILE}`,
    },
    {
      id: 'trace_lost',
      inferenceResultId: turn,
      name: 'late child',
      parentTraceId: 'trace_never_sent',
      startTime: at(700),
      endTime: at(900),
      outputData: HOSTILE,
    },
  ]);
  const ports = world.platform.ports;
  const evaluation = (metric: string, score: number, reason: string, inferenceResultId: string | null) =>
    ({
      ...createEvaluation(
        {
          id: ports.ids.next('evaluation'),
          organizationId: scene.tenant.organizationId,
          metricId: scene.metrics[metric].id,
          sessionId: conversation.id,
          userId: null,
          testCaseId: null,
          inferenceResultId,
          runId: null,
          launchId: null,
          versionId: scene.versions[1].id,
          metricLegacyAt: null,
          metricDisabledAt: null,
          score,
        },
        new Date().toISOString(),
      ),
      reason,
    }) as const;
  await ports.evaluations.insertMany([
    evaluation('Correctness', 0.9, `Right carrier, right day ${HOSTILE}`, turn),
    evaluation('Politeness', 0.4, 'Curt.', null),
  ]);

  const otherProduct = await created(client, '/products', { name: 'Sales bot' });
  const otherVersion = await created(client, '/versions', { productId: otherProduct.id, name: 'v1' });
  const failed = await created(client, '/sessions', {
    versionId: otherVersion.id,
    customId: 'sales failed',
    isProduction: true,
  });
  await created(client, `/sessions/${failed.id}/finish`, { error: 'the product did not answer' });
  const finished = await created(client, '/sessions', {
    versionId: scene.versions[0].id,
    customId: 'support finished',
    isProduction: false,
  });
  await created(client, `/sessions/${finished.id}/finish`, { stoppingReason: 'goal reached' });
  const big = await created(client, '/sessions', { versionId: scene.versions[0].id, customId: 'big trace' });
  const bigTurn = await created(client, '/inferenceResults', {
    sessionId: big.id,
    input: 'Plan my trip',
    output: 'Done.',
  });
  await postSpans(client, spanForest(bigTurn.id, bigSpans, `big${bigSpans}`));

  // The first test case edited: a second revision with another expected output and language.
  const edit = await client.patch(`/testCases/${scene.testCases[0].id}`, {
    expectedOutput: `It ships on Monday. ${HOSTILE}`,
    languageCode: 'fr-CA',
    variant: 'polite',
  });
  if (edit.status !== 200) throw new Error(`edit: ${edit.status} ${JSON.stringify(edit.body)}`);
  const opened = [...scene.sessions, conversation, failed, finished, big];
  return { ...scene, conversation, turns, big, opened, otherProduct };
}
