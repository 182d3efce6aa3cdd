import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { chunks } from '../shared/list-in.ts';

type Needs = Pick<Ports, 'inferenceResults' | 'spans'>;

const after = (time: string) => [{ field: 'createdAt', op: 'gt', value: time }] as const;

/** Among these sessions, those given a turn or a span after `time` (not idle since). */
export async function activeAfter(
  ports: Needs,
  scope: string,
  sessionIds: readonly string[],
  time: string,
): Promise<Set<string>> {
  const active = new Set<string>();
  for (const part of chunks(sessionIds)) {
    const inPart = where.in('sessionId', part);
    const [turns, spans] = await Promise.all([
      ports.inferenceResults.distinctValues(scope, 'sessionId', [...inPart, ...after(time)]),
      ports.spans.distinctValues(scope, 'sessionId', [...inPart, ...after(time)]),
    ]);
    for (const id of [...turns, ...spans]) active.add(id as string);
  }
  return active;
}
