// The span-ingestion benchmark's settings, read from the environment (see span-ingestion.bench.ts).

/** Seconds each phase runs (HTTP, then the driver): a single run of a fixed duration, no best-of-rounds. */
export const SECONDS = Number(process.env.BENCH_SPAN_SECONDS ?? 10);
export const BATCH = Number(process.env.BENCH_SPAN_BATCH ?? 1000);
export const CLIENTS = Number(process.env.BENCH_SPAN_CLIENTS ?? 4);
/** Batches each client sends before its phase's clock starts (0: none, as an outside client would see it). */
export const WARMUP = Number(process.env.BENCH_SPAN_WARMUP ?? 0);

/** OTLP exports of the same content: `TRACES` traces of `SPANS_PER_TRACE` spans, placed in one session by attribute. */
export const OTLP_TRACES = Number(process.env.BENCH_OTLP_TRACES ?? 100);
export const OTLP_SPANS_PER_TRACE = Number(process.env.BENCH_OTLP_SPANS_PER_TRACE ?? 100);
export const OTLP_EXPORTS = Number(process.env.BENCH_OTLP_EXPORTS ?? 8);

/** BENCH_SPAN_MINIMAL=true: the clients ask for counts only (`?return=minimal`); by default the full echo. */
export const MINIMAL = process.env.BENCH_SPAN_MINIMAL === 'true';
