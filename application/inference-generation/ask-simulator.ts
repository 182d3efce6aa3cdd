import type { SimulatorBrief, SimulatorReply } from '../ports/conversation-simulator.ts';
import type { Ports } from '../ports/ports.ts';

/** Simulator calls per turn: a passing failure (a 429, a 5xx, a timeout) costs a retry, not the conversation. */
export const SIMULATOR_ATTEMPTS = 3;
/** Pause before the second attempt; doubled before each next one. */
const FIRST_PAUSE_MS = 200;

/**
 * The simulated user's next message, asked up to `SIMULATOR_ATTEMPTS` times while its call fails; the last failure
 * when every attempt failed, saying how many were made. The turn was paid before, once for all its attempts.
 */
export async function askSimulator(ports: Pick<Ports, 'simulator'>, brief: SimulatorBrief): Promise<SimulatorReply> {
  let reply = await ports.simulator.next(brief);
  for (let attempt = 2; reply.kind === 'failed' && attempt <= SIMULATOR_ATTEMPTS; attempt++) {
    // A simulator with no model configured fails the same way every time: no point asking again.
    if (!ports.simulator.configured) return reply;
    await new Promise((resolve) => setTimeout(resolve, FIRST_PAUSE_MS * 2 ** (attempt - 2)));
    reply = await ports.simulator.next(brief);
  }
  if (reply.kind === 'failed' && ports.simulator.configured)
    return { kind: 'failed', error: `${reply.error} (after ${SIMULATOR_ATTEMPTS} attempts)` };
  return reply;
}
