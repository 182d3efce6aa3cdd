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

/** What the caller decides for a new record: its id, its organization and the time (the domain has no ids or clock). */
export interface Creation {
  readonly id: string;
  readonly organizationId: string;
  readonly now: string;
}

/** A new record that also names the user who created it. */
export interface CreationBy extends Creation {
  readonly userId: string;
}

/** The `{id, deletedAt}` answer of a soft delete. */
export interface Deletion {
  readonly id: string;
  readonly deletedAt: string;
}
