/**
 * Told what each span ingestion (a span batch, an OTLP export) did once it is written: the spans newly stored (a span
 * already stored and sent again is not stored again) and the spans refused. Must not throw or wait.
 */
export interface SpanIngestionObserver {
  ingested(outcome: { readonly stored: number; readonly refused: number }): void;
}
