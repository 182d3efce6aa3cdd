import type { Storable } from '../../application/ports/record-store.ts';

/** The record as stored after a write: a versioned record's version grows by one, others are unchanged. */
export const bumped = <T extends Storable>(record: T): T =>
  record.version === undefined ? record : { ...record, version: record.version + 1 };
