import { Forbidden } from '../errors.ts';
import type { Actor } from '../identity/role.ts';
import { isEnterpriseActive, type Subscription } from '../organization/subscription.ts';

export interface BuildInfo {
  readonly version: string;
  readonly commit: string;
  readonly buildDate: string;
}

/** Build info and self-check are for admins and organizations with an active enterprise subscription. */
export function assertMaySeeOperations(actor: Actor, subscription: Subscription | null): void {
  if (actor.role === 'ADMIN' || isEnterpriseActive(subscription)) return;
  throw new Forbidden('Only admins and organizations with an enterprise subscription may see this');
}
