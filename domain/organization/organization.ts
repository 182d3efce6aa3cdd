import { Forbidden, IssueCollector } from '../errors.ts';
import type { Actor } from '../identity/role.ts';
import { checkTraceRetentionDays } from '../operations/retention.ts';
import type { Creation } from '../shared/record.ts';

export type CreditWarningLevel = 'LOW' | 'EMPTY';

export interface Organization {
  readonly id: string;
  readonly name: string;
  readonly remainingSubscriptionCredits: number | null;
  readonly extraCredits: number;
  readonly lastWarningAt: string | null;
  readonly warningAt: number | null;
  readonly billingCustomerId: string | null;
  readonly samlEntrypointUrl: string | null;
  readonly samlEntityId: string | null;
  readonly samlIssuerId: string | null;
  readonly samlPublicCertificate: string | null;
  readonly samlTeamSlug: string | null;
  readonly samlSignedResponse: boolean | null;
  readonly samlSignedAssertions: boolean | null;
  readonly enforceMfa: boolean;
  /** Days its spans are kept (by their startTime) before the sweep deletes them; null keeps them forever. */
  readonly traceRetentionDays: number | null;
  /** The credit warning last mailed to the OWNERs (LOW below warningAt, EMPTY at 0); null once refilled. Internal. */
  readonly creditWarningLevel: CreditWarningLevel | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

/** Fields a caller may set; which of them each role may set is decided below. */
export type OrganizationChanges = Partial<
  Pick<
    Organization,
    | 'name'
    | 'remainingSubscriptionCredits'
    | 'extraCredits'
    | 'warningAt'
    | 'billingCustomerId'
    | 'samlEntrypointUrl'
    | 'samlEntityId'
    | 'samlIssuerId'
    | 'samlPublicCertificate'
    | 'samlTeamSlug'
    | 'samlSignedResponse'
    | 'samlSignedAssertions'
    | 'enforceMfa'
    | 'traceRetentionDays'
  >
>;

/** Credits and billing belong to the platform: only an ADMIN sets them. */
const ADMIN_ONLY_FIELDS = ['remainingSubscriptionCredits', 'extraCredits', 'warningAt', 'billingCustomerId'] as const;

function validate(changes: OrganizationChanges): void {
  const issues = new IssueCollector();
  if (changes.name !== undefined) issues.check(changes.name.trim().length > 0, 'name', 'must not be empty');
  if (changes.extraCredits !== undefined)
    issues.check(changes.extraCredits >= 0, 'extraCredits', 'must not be negative');
  if (changes.remainingSubscriptionCredits != null) {
    issues.check(changes.remainingSubscriptionCredits >= 0, 'remainingSubscriptionCredits', 'must not be negative');
  }
  checkTraceRetentionDays(issues, changes.traceRetentionDays);
  issues.throwIfAny();
}

/** A new tenant; being its own organization, it needs only an id and the time. */
export function createOrganization(
  changes: OrganizationChanges & { name: string },
  { id, now }: Pick<Creation, 'id' | 'now'>,
): Organization {
  validate(changes);
  return {
    id,
    remainingSubscriptionCredits: null,
    extraCredits: 0,
    lastWarningAt: null,
    warningAt: null,
    billingCustomerId: null,
    samlEntrypointUrl: null,
    samlEntityId: null,
    samlIssuerId: null,
    samlPublicCertificate: null,
    samlTeamSlug: null,
    samlSignedResponse: null,
    samlSignedAssertions: null,
    enforceMfa: false,
    traceRetentionDays: null,
    creditWarningLevel: null,
    ...changes,
    name: changes.name.trim(),
    createdAt: now,
    deletedAt: null,
    version: 0,
  };
}

/** Tenants are created by the platform: ADMIN only. */
export function assertMayCreateOrganization(actor: Actor): void {
  if (actor.role !== 'ADMIN') throw new Forbidden('Only an ADMIN may create organizations');
}

/** Only an ADMIN deletes a tenant, and never the organization it acts from (the platform's). */
export function assertMayDeleteOrganization(actor: Actor, organization: Pick<Organization, 'id'>): void {
  if (actor.role !== 'ADMIN') throw new Forbidden('Only an ADMIN may delete an organization');
  if (organization.id === actor.organizationId) throw new Forbidden('The platform organization cannot delete itself');
}

/** Owners update their own organization (enforceMfa and traceRetentionDays included); Admins any; Members never. */
export function updateOrganization(
  actor: Actor,
  organization: Organization,
  changes: OrganizationChanges,
): Organization {
  if (actor.role === 'MEMBER') throw new Forbidden('Members cannot change the organization');
  if (actor.role !== 'ADMIN') {
    const adminOnly = ADMIN_ONLY_FIELDS.filter((field) => changes[field] !== undefined);
    if (adminOnly.length > 0) throw new Forbidden(`Only an ADMIN may set ${adminOnly.join(', ')}`);
  }
  validate(changes);
  return { ...organization, ...changes, name: changes.name?.trim() ?? organization.name };
}
