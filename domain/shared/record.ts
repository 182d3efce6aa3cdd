/** Fields every stored record carries. */
export interface StoredRecord {
  readonly id: string;
  readonly createdAt: string;
  readonly deletedAt: string | null;
}

/** Records that change carry a version; a write based on a stale version is refused. */
export interface Versioned {
  readonly version: number;
}

/** The `{id, deletedAt}` answer of a soft delete. */
export interface Deletion {
  readonly id: string;
  readonly deletedAt: string;
}
