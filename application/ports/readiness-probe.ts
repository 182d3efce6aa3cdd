/** Whether the storage can serve: it answers, and its schema is the one this code expects. */
export interface ReadinessProbe {
  /** The problems found, in words an operator can act on; none when ready. Never throws; answers within seconds. */
  check(): Promise<readonly string[]>;
  /** Parts that serve in a lesser way meanwhile (rate limits counted per process), in an operator's words; none when all is well. */
  degraded?(): readonly string[];
}
