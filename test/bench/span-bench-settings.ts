// The span-ingestion benchmark's settings, read from the environment (see span-ingestion.bench.ts).

export const BATCH = Number(process.env.BENCH_SPAN_BATCH ?? 1000);
export const BATCHES = Number(process.env.BENCH_SPAN_BATCHES ?? 24);
export const CLIENTS = Number(process.env.BENCH_SPAN_CLIENTS ?? 4);
/** Rounds alternate HTTP and driver phases; the best of each is kept, so a burst of load elsewhere on the machine skews neither. */
export const ROUNDS = Number(process.env.BENCH_SPAN_ROUNDS ?? 3);

/** OTLP exports of the same content: `TRACES` traces of `SPANS_PER_TRACE` spans, placed in one session by attribute. */
export const OTLP_TRACES = Number(process.env.BENCH_OTLP_TRACES ?? 100);
export const OTLP_SPANS_PER_TRACE = Number(process.env.BENCH_OTLP_SPANS_PER_TRACE ?? 100);
export const OTLP_EXPORTS = Number(process.env.BENCH_OTLP_EXPORTS ?? 8);

/** BENCH_SPAN_MINIMAL=true: the clients ask for counts only (`?return=minimal`). */
export const MINIMAL = process.env.BENCH_SPAN_MINIMAL === 'true';
