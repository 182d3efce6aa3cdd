import type { SweptRows } from './sweep-store.ts';

/** Told what each chunk of a sweep deleted for good, by reason (expired by retention, or purged). Must not throw or wait. */
export interface SweepObserver {
  swept(reason: 'retention' | 'purge', rows: SweptRows): void;
}
