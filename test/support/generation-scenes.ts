import type { ApiClient } from './api-client.ts';
import type { HttpWorld, Tenant } from './http-world.ts';

/** A product (with a description and a specification) and a test of `type` for it. */
export async function generationScene(tenant: Tenant, type: 'QUALITY' | 'RED_TEAMING' | 'SCENARIOS') {
  const { owner } = tenant;
  const product = (await owner.post('/products', { name: `Shop ${type}`, description: 'An online shop assistant' }))
    .body;
  const specification = (
    await owner.post('/specifications', { productId: product.id, name: 'Refunds', description: 'Handles refunds' })
  ).body;
  const dataset = (
    await owner.post('/tests', {
      productId: product.id,
      name: `Generated ${type}`,
      type,
      specificationId: specification.id,
    })
  ).body;
  return { product, specification, dataset };
}

/** Waits until the job is in one of `states` (by default: ended), and answers it. */
export async function jobIn(
  client: ApiClient,
  jobId: string,
  states: readonly string[] = ['completed', 'failed', 'cancelled'],
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await client.get(`/jobs/${jobId}`)).body;
    if (states.includes(job.state)) return job;
    if (Date.now() > deadline) throw new Error(`job still ${job.state}: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The test's test cases, oldest first. */
export async function testCasesOf(client: ApiClient, datasetId: string) {
  const listed = await client.get('/testCases', { testIds: datasetId, limit: 1000, sort: 'createdAt,asc' });
  if (listed.status !== 200) throw new Error(JSON.stringify(listed.body));
  return listed.body as any[];
}

/** Sets the organization's credits (subscription credits, no extra ones). */
export async function setCredits(world: HttpWorld, organizationId: string, credits: number): Promise<void> {
  const response = await world.admin.patch(`/organizations/${organizationId}`, {
    remainingSubscriptionCredits: credits,
    extraCredits: 0,
  });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
}

/** A multipart/form-data body holding one file in the field `file`. */
export function fileUpload(filename: string, content: Uint8Array | string, field = 'file') {
  const boundary = 'assay-generation-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const raw = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { raw, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
