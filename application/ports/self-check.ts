import type { DependencyEntry, ServiceEntry } from '../../domain/operations/self-check.ts';

/** Exercises the API's own dependencies and asks the downstream services; each within its own deadline, never throwing. */
export interface SelfCheckProbes {
  /** The dependencies this deployment uses (unused ones omitted), with `resolved` and `detail` filled in. */
  dependencies(): Promise<readonly DependencyEntry[]>;
  /** Every configured or named service; a dead one is an entry, never an error. */
  services(): Promise<readonly ServiceEntry[]>;
}
