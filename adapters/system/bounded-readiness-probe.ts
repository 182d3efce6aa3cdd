import type { ReadinessProbe } from '../../application/ports/readiness-probe.ts';

/** How long the storage's own check may take before the answer is "not ready". */
export const READINESS_DEADLINE_MS = 2000;

/**
 * The storage's readiness with a deadline (a stalled database is not ready, and a probe must answer in time rather
 * than hang past the orchestrator's timeout), plus the degradations other parts report.
 */
export class BoundedReadinessProbe implements ReadinessProbe {
  constructor(
    private readonly storage: ReadinessProbe,
    private readonly degradations: readonly (() => string | null)[] = [],
    private readonly deadlineMs = READINESS_DEADLINE_MS,
  ) {}

  async check(): Promise<readonly string[]> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<readonly string[]>((resolve) => {
      timer = setTimeout(() => resolve([`the database did not answer within ${this.deadlineMs} ms`]), this.deadlineMs);
    });
    try {
      return await Promise.race([this.storage.check(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  degraded(): readonly string[] {
    return [...(this.storage.degraded?.() ?? []), ...this.degradations.map((report) => report())].filter(
      (report): report is string => report !== null,
    );
  }
}
