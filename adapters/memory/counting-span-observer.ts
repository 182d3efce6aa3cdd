import type { SpanIngestionObserver } from '../../application/ports/span-ingestion-observer.ts';

/** Adds up what span ingestions report: the memory world's observer, which tests read. */
export class CountingSpanObserver implements SpanIngestionObserver {
  stored = 0;
  refused = 0;

  ingested(outcome: { readonly stored: number; readonly refused: number }): void {
    this.stored += outcome.stored;
    this.refused += outcome.refused;
  }
}
