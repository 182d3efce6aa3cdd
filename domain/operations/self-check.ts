/** What a dependency is to the platform. */
export type DependencyKind = 'model' | 'embedding' | 'storage' | 'queue' | 'identity' | 'mail';
/** How exercising a dependency went: answered, failed, no answer within its deadline, or partly working. */
export type DependencyStatus = 'ok' | 'failed' | 'timedOut' | 'degraded';
/** A verdict over a set of dependencies. */
export type Verdict = 'ok' | 'failed' | 'degraded';

/** One exercised dependency, as reported by the API or by a service. */
export interface DependencyEntry {
  readonly kind: DependencyKind;
  /** The setting the dependency comes from. */
  readonly name: string;
  /** What the setting resolved to (admins only). */
  readonly resolved?: string;
  readonly source?: 'env' | 'default' | 'fallback';
  readonly status: DependencyStatus;
  /** critical: its feature is dead without it; degraded: the platform works without it. */
  readonly severity: 'critical' | 'degraded';
  /** Why it failed (admins only); absent when it worked. */
  readonly detail?: string;
  /** unavailable: nothing answered; incapable: it answered but cannot do the job; absent when unclassified. */
  readonly failure?: 'unavailable' | 'incapable';
  readonly durationMs: number;
}

/** A downstream service's answer: ok (it answered the self-check shape), unreachable, not_implemented, not_configured. */
export interface ServiceEntry {
  readonly name: string;
  readonly status: 'ok' | 'unreachable' | 'not_implemented' | 'not_configured';
  /** Present exactly when status is ok. */
  readonly result?: Verdict;
  readonly dependencies?: readonly DependencyEntry[];
}

export interface SelfCheckReport {
  readonly api: { readonly status: Verdict; readonly dependencies: readonly DependencyEntry[] };
  readonly services: readonly ServiceEntry[];
}

/** The worst of the entries by severity: failed when a critical one is broken, degraded when only a lesser one is. */
export function verdictOf(entries: readonly DependencyEntry[]): Verdict {
  const broken = entries.filter((entry) => entry.status !== 'ok');
  if (broken.some((entry) => entry.severity === 'critical' && entry.status !== 'degraded')) return 'failed';
  return broken.length > 0 ? 'degraded' : 'ok';
}

/** `resolved` and `detail` are for admins only; everyone else gets the entry without them. */
export function withoutAdminFields(entry: DependencyEntry): DependencyEntry {
  const { resolved: _resolved, detail: _detail, ...rest } = entry;
  return rest;
}

/** The report as a caller may see it. */
export function reportFor(report: SelfCheckReport, isAdmin: boolean): SelfCheckReport {
  if (isAdmin) return report;
  return {
    api: { status: report.api.status, dependencies: report.api.dependencies.map(withoutAdminFields) },
    services: report.services.map((service) =>
      service.dependencies ? { ...service, dependencies: service.dependencies.map(withoutAdminFields) } : service,
    ),
  };
}
