import type { ApiClient } from './api-client.ts';

let counter = 0;

/** A product whose version calls `url`, with one specification linking a dataset of `messages` and an EXACT_MATCH metric. */
export async function inferenceGenerationScene(
  owner: ApiClient,
  url: string,
  options: { messages?: readonly string[]; type?: string; connection?: Record<string, unknown> } = {},
) {
  const tag = `${++counter}-${Math.random().toString(36).slice(2, 6)}`;
  const ok = async (response: Promise<{ status: number; body: any }>) => {
    const answered = await response;
    if (answered.status >= 300) throw new Error(`${answered.status} ${JSON.stringify(answered.body)}`);
    return answered.body;
  };
  const product = await ok(owner.post('/products', { name: `Product ${tag}` }));
  const connection = await ok(
    owner.post('/endpointConnections', {
      name: `Endpoint ${tag}`,
      url,
      outputMapping: { output: '$.answer.text', sessionId: '$.conversation', outputTokens: '$.usage.out' },
      ...options.connection,
    }),
  );
  const version = await ok(
    owner.post('/versions', { productId: product.id, conversationEndpointConnectionId: connection.id }),
  );
  const metric = await ok(
    owner.post('/metrics', { name: `Exact ${tag}`, source: 'DETERMINISTIC', algorithm: 'EXACT_MATCH' }),
  );
  const specification = await ok(owner.post('/specifications', { productId: product.id, name: `Spec ${tag}` }));
  const dataset = await ok(
    owner.post('/tests', { productId: product.id, name: `Dataset ${tag}`, type: options.type ?? 'QUALITY' }),
  );
  await ok(owner.post(`/specifications/${specification.id}/metrics`, { metricIds: [metric.id] }));
  await ok(owner.post(`/specifications/${specification.id}/tests`, { testIds: [dataset.id] }));
  const testCases = [];
  for (const message of options.messages ?? ['hello', 'refund please'])
    testCases.push(
      await ok(
        owner.post('/testCases', {
          testId: dataset.id,
          input: { user_message: message },
          expectedOutput: message === 'wrong' ? 'something else' : `echo: ${message}`,
        }),
      ),
    );
  return { product, connection, version, metric, specification, dataset, testCases };
}

/** Polls the run until the launch has ended; answers the run. */
export async function launchEnded(owner: ApiClient, runId: string, launchId: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = (await owner.get(`/runs/${runId}`)).body;
    const launch = run.launches.find((entry: { id: string }) => entry.id === launchId);
    // The run is read before its launches: read it again once the launch has ended, to see its settlement too.
    if (launch && !['QUEUED', 'RUNNING'].includes(launch.status))
      return { run: (await owner.get(`/runs/${runId}`)).body, launch };
    if (Date.now() > deadline) throw new Error(`launch still ${launch?.status}: ${JSON.stringify(launch)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
