/** FNV-1a over the UTF-16 code units: a stable 32-bit hash, the same in every process and on every platform. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // A final avalanche, so that ids differing only in their last characters spread over the whole range.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35) >>> 0;
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/**
 * Whether a monitor samples a session: the hash of (monitor, session) read as a fraction of 1 falls under the
 * percentage. Deterministic, so a session gets the same answer on every tick, worker and backfill.
 */
export function isSampled(monitorId: string, sessionId: string, samplingPercentage: number): boolean {
  if (samplingPercentage >= 100) return true;
  return (fnv1a(`${monitorId}\u0000${sessionId}`) / 0x1_0000_0000) * 100 < samplingPercentage;
}
