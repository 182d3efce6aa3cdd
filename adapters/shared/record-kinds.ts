/** How each kind of record is stored, shared by the memory and SQL adapter families. */
export interface RecordKind {
  /** What to call the record in messages. */
  readonly kind: string;
  /** The field that holds the owning organization: `organizationId`, or `id` for organizations themselves. */
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

export const catalogKinds = {
  products: { kind: 'Product', scopeField: 'organizationId', versioned: true, unique: [['organizationId', 'name']] },
  versions: { kind: 'Version', scopeField: 'organizationId', versioned: true, unique: [['productId', 'number']] },
  specifications: {
    kind: 'Specification',
    scopeField: 'organizationId',
    versioned: true,
    unique: [['productId', 'type', 'descriptionKey']],
  },
  metrics: {
    kind: 'Metric',
    scopeField: 'organizationId',
    versioned: true,
    unique: [['organizationId', 'activeName']],
  },
  datasets: { kind: 'Test', scopeField: 'organizationId', versioned: true, unique: [['productId', 'name', 'type']] },
  testCases: { kind: 'Test case', scopeField: 'organizationId', versioned: true },
} as const satisfies Record<string, RecordKind>;

export const tracingKinds = {
  sessions: { kind: 'Session', scopeField: 'organizationId', versioned: true, unique: [['versionId', 'customId']] },
  inferenceResults: { kind: 'Inference result', scopeField: 'organizationId', versioned: true },
  spans: { kind: 'Span', scopeField: 'organizationId', versioned: false },
} as const satisfies Record<string, RecordKind>;

export const evaluationKinds = {
  evaluations: { kind: 'Evaluation', scopeField: 'organizationId', versioned: true },
} as const satisfies Record<string, RecordKind>;
