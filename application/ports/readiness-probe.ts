/** Whether the storage can serve: it answers, and its schema is the one this code expects. */
export interface ReadinessProbe {
  /** The problems found, in words an operator can act on; none when ready. Never throws. */
  check(): Promise<readonly string[]>;
}
