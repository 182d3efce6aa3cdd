/** What the timeline needs of a span: when it started and ended, or how long it took. */
export interface TimedSpan {
  readonly id: string;
  readonly startTime: string | null;
  readonly endTime: string | null;
  readonly latencyMs: number | null;
}

/** A span's bar: where it starts and how wide it is, as percentages of the turn's time range. */
export interface Bar {
  /** Milliseconds from the turn's first start, null when the span has no start time. */
  readonly offsetMs: number | null;
  readonly durationMs: number | null;
  readonly left: number;
  readonly width: number;
}

/** The time range the bars are scaled to: from the earliest start to the latest end. */
export interface TimeRange {
  readonly startMs: number;
  readonly endMs: number;
}

/** The narrowest bar drawn, in percent, so a zero-length span still shows. */
export const MIN_BAR_WIDTH = 0.3;

const millis = (iso: string | null): number | null => {
  if (iso === null) return null;
  const value = Date.parse(iso);
  return Number.isNaN(value) ? null : value;
};

const endOf = (span: TimedSpan): number | null => {
  const start = millis(span.startTime);
  const end = millis(span.endTime);
  if (end !== null) return end;
  if (start !== null && span.latencyMs !== null) return start + span.latencyMs;
  return start;
};

/** The range covering every timed span; null when no span has a start time. */
export function timeRange(spans: Iterable<TimedSpan>): TimeRange | null {
  let startMs = Number.POSITIVE_INFINITY;
  let endMs = Number.NEGATIVE_INFINITY;
  for (const span of spans) {
    const start = millis(span.startTime);
    if (start === null) continue;
    startMs = Math.min(startMs, start);
    endMs = Math.max(endMs, endOf(span) ?? start);
  }
  return startMs === Number.POSITIVE_INFINITY ? null : { startMs, endMs };
}

/**
 * Places a span's bar in the range: left at its start offset, as wide as its duration (end − start, else its
 * latency), clamped to the range and at least MIN_BAR_WIDTH wide. A span without a start time gets no position
 * (offset null, a bar at the left as wide as its latency when one is known).
 */
export function barOf(span: TimedSpan, range: TimeRange | null): Bar {
  const start = millis(span.startTime);
  const end = endOf(span);
  const durationMs = start !== null && end !== null ? Math.max(0, end - start) : span.latencyMs;
  const total = range ? range.endMs - range.startMs : 0;
  if (start === null || range === null) {
    const width = total > 0 && durationMs !== null ? clamp((durationMs / total) * 100, MIN_BAR_WIDTH, 100) : 0;
    return { offsetMs: null, durationMs, left: 0, width };
  }
  const offsetMs = start - range.startMs;
  if (total <= 0) return { offsetMs, durationMs, left: 0, width: 100 };
  const left = clamp((offsetMs / total) * 100, 0, 100 - MIN_BAR_WIDTH);
  const width = clamp(((durationMs ?? 0) / total) * 100, MIN_BAR_WIDTH, 100 - left);
  return { offsetMs, durationMs, left, width };
}

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

/** A duration as a person reads it: 850 ms, 1.25 s, 2 min 5 s. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms * 10) / 10} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms - minutes * 60_000) / 1000)} s`;
}
