export const ROLES = ['ADMIN', 'OWNER', 'MEMBER'] as const;
export type Role = (typeof ROLES)[number];

/** Who is calling: resolved from the credential by the HTTP adapter and handed to every use case. */
export interface Actor {
  readonly userId: string;
  readonly organizationId: string;
  readonly role: Role;
  readonly apiKeyId: string | null;
}
