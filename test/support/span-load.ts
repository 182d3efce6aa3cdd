import { Agent, request } from 'node:http';

/** How a load run went, as its clients saw it. */
export interface LoadOutcome {
  /** Span ids the server acknowledged (a 201 for their batch): every one must be stored. */
  readonly acknowledged: string[];
  /** Answers by status. */
  readonly statuses: Record<number, number>;
  /** Answers other than 2xx and 503, with their bodies: each one is a bug under these faults. */
  readonly unexpected: string[];
  /** Connections refused (the server stopped listening): a clean refusal. */
  readonly refused: number;
  /** Any other transport failure (a reset, a hang-up): never clean. */
  readonly broken: string[];
  /** Batches sent. */
  readonly batches: number;
}

export interface SpanLoadOptions {
  readonly url: string;
  readonly key: string;
  readonly inferenceResultId: string;
  readonly clients: number;
  readonly spansPerBatch: number;
  /** Distinguishes the span ids of several runs against one database. */
  readonly label: string;
  /** A pause after each answer, leaving kept-alive connections idle for a while. */
  readonly thinkMs?: number;
  /** Fields each span carries instead of the small default content (e.g. 1 KB spans for the load script). */
  readonly content?: Record<string, unknown>;
}

export interface HttpAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One HTTP request over `agent`; rejects with the socket error (its `code`) when no answer comes. */
export function send(
  agent: Agent,
  target: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<HttpAnswer> {
  const url = new URL(target);
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers, agent },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/**
 * Clients that post batches of new spans (client-chosen ids, no parents) over kept-alive connections until stopped,
 * recording which spans were acknowledged and how every request ended.
 */
export function startSpanLoad(options: SpanLoadOptions): { stop(): Promise<LoadOutcome> } {
  const agent = new Agent({ keepAlive: true, maxSockets: options.clients });
  const outcome = {
    acknowledged: [] as string[],
    statuses: {} as Record<number, number>,
    unexpected: [] as string[],
    refused: 0,
    broken: [] as string[],
    batches: 0,
  };
  let running = true;
  const client = async (index: number) => {
    for (let round = 0; running; round++) {
      const ids = Array.from(
        { length: options.spansPerBatch },
        (_, n) => `trace_${options.label}_${index}_${round}_${n}`,
      );
      const body = JSON.stringify({
        traces: ids.map((id, n) => ({
          id,
          inferenceResultId: options.inferenceResultId,
          name: `step ${n}`,
          type: 'GENERATION',
          ...(options.content ?? {
            inputData: { prompt: 'Where is my order?' },
            outputData: { text: 'It ships today.' },
            latencyMs: 12,
          }),
        })),
      });
      outcome.batches++;
      try {
        const answer = await send(
          agent,
          `${options.url}/traces/batch`,
          'POST',
          { authorization: `Bearer ${options.key}`, 'content-type': 'application/json' },
          body,
        );
        outcome.statuses[answer.status] = (outcome.statuses[answer.status] ?? 0) + 1;
        if (answer.status === 201) outcome.acknowledged.push(...ids);
        else if (answer.status !== 503) outcome.unexpected.push(`${answer.status} ${answer.body.slice(0, 300)}`);
        await pause(answer.status === 503 ? 50 : (options.thinkMs ?? 0));
      } catch (error) {
        const code = (error as { code?: string }).code ?? String(error);
        if (code === 'ECONNREFUSED') outcome.refused++;
        else outcome.broken.push(code);
        await pause(50);
      }
    }
  };
  const clients = Array.from({ length: options.clients }, (_, index) => client(index));
  return {
    async stop() {
      running = false;
      await Promise.all(clients);
      agent.destroy();
      return outcome;
    },
  };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
