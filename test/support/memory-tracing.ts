import type { Actor } from '../../domain/identity/role.ts';
import { catalogOf } from './memory-catalog.ts';
import { memoryTenantsWith, type MemoryTenants } from './memory-tenants.ts';
import type { MemoryWorldOptions } from './memory-world.ts';

type UseCases = MemoryTenants['useCases'];

/** A catalog plus a session run from its test case, with one turn and one TOOL span. */
export async function tracingOf(useCases: UseCases, actor: Actor, label: string) {
  const catalog = await catalogOf(useCases, actor, label);
  const session = await useCases.createSession.execute(actor, {
    versionId: catalog.version.id,
    testCaseId: catalog.testCase.id,
  });
  const result = await useCases.createInferenceResult.execute(actor, {
    sessionId: session.id,
    input: 'Capital of France?',
    output: 'Paris',
  });
  const {
    created: [span],
  } = await useCases.ingestSpans.execute(actor, [{ inferenceResultId: result.id, name: 'search', type: 'TOOL' }]);
  return { ...catalog, session, result, span };
}

export type MemoryTracing = Awaited<ReturnType<typeof tracingOf>>;

/** Two tenants with a traced session each: `mine` belongs to A, `theirs` to B. */
export const memoryTracing = (options: MemoryWorldOptions = {}) => memoryTenantsWith(tracingOf, options);

export type MemoryTracingWorld = Awaited<ReturnType<typeof memoryTracing>>;
