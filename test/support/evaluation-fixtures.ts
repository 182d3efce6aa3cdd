import type { ApiClient } from './api-client.ts';

async function created(client: ApiClient, path: string, body: unknown): Promise<any> {
  const response = await client.post(path, body);
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A product with metrics, specifications, datasets, test cases and sessions with turns, for evaluation tests. */
export async function evaluationFixture(client: ApiClient, suffix = Math.random().toString(36).slice(2, 8)) {
  const product = await created(client, '/products', { name: `Product ${suffix}` });
  const version = await created(client, '/versions', { productId: product.id, name: 'v1' });
  const metric = (name: string, body: Record<string, unknown>) =>
    created(client, '/metrics', { name: `${name} ${suffix}`, ...body });
  const metrics = {
    exact: await metric('exact', { source: 'DETERMINISTIC', algorithm: 'EXACT_MATCH' }),
    rouge: await metric('rouge', { source: 'DETERMINISTIC', algorithm: 'ROUGE_L' }),
    tools: await metric('tools', { source: 'DETERMINISTIC', algorithm: 'TOOL_CORRECTNESS' }),
    selfHosted: await metric('self', { source: 'SELF_HOSTED' }),
    human: await metric('human', { source: 'HUMAN', judgePrompt: 'Is it polite?' }),
    llm: await metric('llm', {
      source: 'LLM_JUDGE',
      judgePrompt: 'MODE:ok Is the answer correct?',
      evaluationParams: ['input', 'actualOutput', 'expectedOutput'],
    }),
  };
  const specification = (name: string) =>
    created(client, '/specifications', { productId: product.id, name: `${name} ${suffix}` });
  const specs = { a: await specification('A'), b: await specification('B'), empty: await specification('Empty') };
  await created(client, `/specifications/${specs.a.id}/metrics`, { metricIds: [metrics.exact.id, metrics.rouge.id] });
  await created(client, `/specifications/${specs.b.id}/metrics`, { metricIds: [metrics.tools.id] });
  const dataset = (name: string, specificationId: string) =>
    created(client, '/tests', { productId: product.id, specificationId, name: `${name} ${suffix}` });
  const datasets = {
    a: await dataset('A', specs.a.id),
    b: await dataset('B', specs.b.id),
    empty: await dataset('Empty', specs.empty.id),
  };
  const testCases = {
    a: await created(client, '/testCases', {
      testId: datasets.a.id,
      input: 'Capital of France?',
      expectedOutput: 'Paris is the capital of France',
    }),
    b: await created(client, '/testCases', {
      testId: datasets.b.id,
      input: 'Book a flight',
      expectedOutput: 'Booked',
      expectedTools: ['search', 'book'],
    }),
    empty: await created(client, '/testCases', { testId: datasets.empty.id, input: 'Hi', expectedOutput: 'Hello' }),
  };
  const session = async (testCaseId: string | null, turns: { input: string; output: string }[]) => {
    const record = await created(client, '/sessions', { versionId: version.id, testCaseId });
    const results = [];
    for (const turn of turns)
      results.push(await created(client, '/inferenceResults', { sessionId: record.id, ...turn }));
    return { ...record, results };
  };
  const sessions = {
    a: await session(testCases.a.id, [{ input: 'Capital of France?', output: 'Paris is the capital of France' }]),
    b: await session(testCases.b.id, [{ input: 'Book a flight', output: 'Booked' }]),
    empty: await session(testCases.empty.id, [{ input: 'Hi', output: 'Hello' }]),
    imported: await session(null, [{ input: 'Anything', output: 'Something' }]),
  };
  await created(client, '/traces', { inferenceResultId: sessions.b.results[0].id, name: 'search', type: 'TOOL' });
  return { product, version, metrics, specs, datasets, testCases, sessions };
}

export type EvaluationFixture = Awaited<ReturnType<typeof evaluationFixture>>;

/** Polls until none of the evaluations of these sessions is PENDING; answers them. */
export async function settled(
  client: ApiClient,
  query: Record<string, string | string[]>,
  timeoutMs = 20_000,
): Promise<any[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.get('/evaluations', { limit: 1000, ...query });
    if (response.status !== 200) throw new Error(`list: ${response.status} ${JSON.stringify(response.body)}`);
    if (!response.body.some((evaluation: { status: string }) => evaluation.status === 'PENDING')) return response.body;
    if (Date.now() > deadline) throw new Error(`still PENDING after ${timeoutMs} ms: ${JSON.stringify(response.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
