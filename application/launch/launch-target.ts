import { launchTarget } from '../../domain/run/launch-target.ts';
import type { RunTarget } from '../../domain/run/run.ts';
import type { Session } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';

/** The product and version of these sessions (one query for their versions); `path` names the request field. */
export async function launchTargetOf(
  ports: Pick<Ports, 'versions'>,
  scope: string,
  sessions: readonly Session[],
  path: string,
): Promise<RunTarget> {
  const versions = await listIn(
    ports.versions,
    scope,
    sessions.map((session) => session.versionId),
  );
  return launchTarget(sessions, versions, path);
}
