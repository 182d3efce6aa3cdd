/** How each kind of record is stored, shared by the memory and SQL adapter families. */
export interface RecordKind {
  readonly kind: string;
  /** The field that holds the owning organization. */
  readonly scopeField: string;
  readonly versioned: boolean;
  /** Field sets unique among live (not soft-deleted) records; the SQL schema has the same partial indexes. */
  readonly unique?: readonly (readonly string[])[];
}

export const identityKinds = {
  organizations: { kind: 'Organization', scopeField: 'id', versioned: true },
  subscriptions: { kind: 'Subscription', scopeField: 'organizationId', versioned: true },
  users: { kind: 'User', scopeField: 'organizationId', versioned: true, unique: [['email']] },
  apiKeys: { kind: 'API key', scopeField: 'organizationId', versioned: false, unique: [['secretHash']] },
} as const satisfies Record<string, RecordKind>;
