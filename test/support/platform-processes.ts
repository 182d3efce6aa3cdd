import { QueryTypes } from 'sequelize';
import { openDatabase } from '../../adapters/sequelize/support/database.ts';
import { ApiClient } from './api-client.ts';
import { freePort, runScript, type RunningProcess } from './processes.ts';

/** The platform admin key every process test presets (ASSAY_ADMIN_API_KEY). */
export const PRESET_ADMIN_KEY = `assay_${'ProcessTest'.repeat(4)}`;

export interface ServerProcess {
  readonly process: RunningProcess;
  readonly url: string;
  readonly admin: ApiClient;
}

/** `npm start` in a process of its own on loopback (Node flags in `nodeArguments`); resolves once `/ready` answers 200. */
export async function startServerProcess(
  env: Record<string, string>,
  options: { nodeArguments?: readonly string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const process = runScript(
    'bootstrap/server.ts',
    [],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      ASSAY_ADMIN_API_KEY: PRESET_ADMIN_KEY,
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
    options,
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/ready`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (process.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the server did not become ready:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { process, url, admin: new ApiClient(url, PRESET_ADMIN_KEY) };
}

/** `npm run worker` in a process of its own; resolves once it takes jobs. */
export async function startWorkerProcess(env: Record<string, string>): Promise<RunningProcess> {
  const worker = runScript('bootstrap/worker.ts', [], env);
  await worker.waitFor(/worker ready/, 60_000);
  return worker;
}

/** Sends SIGTERM and answers the exit code. */
export async function terminate(running: RunningProcess): Promise<number | null> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return running.child.exitCode;
  running.child.kill('SIGTERM');
  return running.exited();
}

async function created(response: Promise<{ status: number; body: any }>, what: string): Promise<any> {
  const { status, body } = await response;
  if (status !== 201) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** A new organization with an OWNER key, a product version, a session and one inference result. */
export async function tracingTenant(admin: ApiClient, name: string) {
  const organization = await created(admin.post('/organizations', { name }), 'organization');
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const user = await created(
    admin.post('/users', {
      organizationId: organization.id,
      email: `owner@${slug}.example`,
      name: 'Owner',
      role: 'OWNER',
    }),
    'user',
  );
  const key = (await created(admin.post('/apiKeys', { userId: user.id, name: 'load' }), 'key')).key as string;
  const owner = admin.as(key);
  const product = await created(owner.post('/products', { name: `${name} product` }), 'product');
  const version = await created(owner.post('/versions', { productId: product.id }), 'version');
  const session = await created(owner.post('/sessions', { versionId: version.id }), 'session');
  const result = await created(
    owner.post('/inferenceResults', { sessionId: session.id, input: 'question', output: 'answer' }),
    'inference result',
  );
  return {
    organizationId: organization.id as string,
    userId: user.id as string,
    key,
    owner,
    inferenceResultId: result.id,
  };
}

/** Which of `ids` the database holds, read straight from the spans table. */
export async function storedSpanIds(databaseUrl: string, ids: readonly string[]): Promise<Set<string>> {
  const database = openDatabase(databaseUrl);
  try {
    const found = new Set<string>();
    for (let start = 0; start < ids.length; start += 500) {
      const chunk = ids.slice(start, start + 500);
      const rows = await database.sequelize.query<{ id: string }>(
        `SELECT id FROM spans WHERE id IN (${chunk.map(() => '?').join(', ')})`,
        { replacements: [...chunk], type: QueryTypes.SELECT },
      );
      for (const row of rows) found.add(row.id);
    }
    return found;
  } finally {
    await database.sequelize.close();
  }
}

/** How many times each evaluation of an organization was written since its creation (its `version`), read directly. */
export async function evaluationVersions(databaseUrl: string, organizationId: string): Promise<number[]> {
  const database = openDatabase(databaseUrl);
  try {
    const rows = await database.sequelize.query<{ version: number }>(
      'SELECT version FROM evaluations WHERE organization_id = ?',
      { replacements: [organizationId], type: QueryTypes.SELECT },
    );
    return rows.map((row) => Number(row.version));
  } finally {
    await database.sequelize.close();
  }
}
