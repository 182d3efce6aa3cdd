/** One scored evaluation, as the chart reads it. */
export interface TimedScore {
  readonly evaluatedAt: string | null;
  readonly score: number | null;
}

const HOUR_MS = 3_600_000;

/** The hours (epoch seconds, each the start of an hour, UTC) from `days` days before `now` up to now's hour. */
export function hoursBefore(now: Date, days: number): number[] {
  const last = Math.floor(now.getTime() / HOUR_MS);
  return Array.from({ length: days * 24 }, (_, index) => (last - days * 24 + 1 + index) * 3600);
}

/** The mean score per hour over `hours` (null in an hour without a score); scores outside them are left out. */
export function hourlyMeans(hours: readonly number[], scores: readonly TimedScore[]): (number | null)[] {
  const sums = new Map<number, { total: number; count: number }>();
  for (const { evaluatedAt, score } of scores) {
    if (evaluatedAt === null || score === null) continue;
    const hour = Math.floor(Date.parse(evaluatedAt) / HOUR_MS) * 3600;
    const sum = sums.get(hour) ?? { total: 0, count: 0 };
    sums.set(hour, { total: sum.total + score, count: sum.count + 1 });
  }
  return hours.map((hour) => {
    const sum = sums.get(hour);
    return sum ? sum.total / sum.count : null;
  });
}

/** An hour on the chart's axis: `11-27 14:00` (UTC). */
export const hourLabel = (seconds: number): string => {
  const iso = new Date(seconds * 1000).toISOString();
  return `${iso.slice(5, 10)} ${iso.slice(11, 13)}:00`;
};
