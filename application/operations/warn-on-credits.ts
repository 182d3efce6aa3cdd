import { StaleVersion } from '../../domain/errors.ts';
import { decideCreditWarning } from '../../domain/organization/credit-warning.ts';
import type { Ports } from '../ports/ports.ts';

const SUBJECT = { LOW: 'Assay credits are running low', EMPTY: 'Assay credits are used up' } as const;

/**
 * After credits changed: records the warning level and mails the organization's OWNERs when a warning is due.
 * The level is stored first, so of two processes seeing the same drop only one mails; a relay failure is logged,
 * never failing the work that spent the credits.
 */
export async function warnOnCredits(
  ports: Pick<Ports, 'organizations' | 'users' | 'mailer' | 'clock' | 'logger'>,
  organizationId: string,
): Promise<void> {
  const organization = await ports.organizations.get(organizationId, organizationId);
  if (!organization) return;
  const decision = decideCreditWarning(organization, organization);
  if (decision.level === organization.creditWarningLevel && decision.mail === null) return;
  const now = ports.clock.now();
  try {
    await ports.organizations.update({
      ...organization,
      creditWarningLevel: decision.level,
      lastWarningAt: decision.mail ? now : organization.lastWarningAt,
    });
  } catch (error) {
    if (error instanceof StaleVersion) return;
    throw error;
  }
  if (!decision.mail) return;
  const owners = await ports.users.list(organizationId, {
    where: [{ field: 'role', op: 'eq', value: 'OWNER' }],
    limit: 100,
  });
  if (owners.length === 0) return;
  const remaining = (organization.remainingSubscriptionCredits ?? 0) + organization.extraCredits;
  try {
    await ports.mailer.send({
      to: owners.map((owner) => owner.email),
      subject: SUBJECT[decision.mail],
      text:
        `${organization.name} has ${remaining} credits left` +
        (decision.mail === 'LOW' ? ` (below the warning threshold of ${organization.warningAt}).` : '.') +
        ' Evaluations that cost credits stop when none are left.',
    });
  } catch (error) {
    ports.logger.warn({ organizationId, error: (error as Error).message }, 'credit warning could not be mailed');
  }
}
