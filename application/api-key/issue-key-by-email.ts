import { NotFound } from '../../domain/errors.ts';
import type { User } from '../../domain/identity/user.ts';
import type { Ports } from '../ports/ports.ts';
import { issueApiKey } from './issue-api-key.ts';

/** The operator's `npm run cli -- create-key`: a new key for the user with that e-mail, in any organization. */
export class IssueKeyByEmail {
  constructor(private readonly ports: Pick<Ports, 'users' | 'apiKeys' | 'secrets' | 'ids' | 'clock'>) {}

  /** Answers the user and the plain key, shown this once. */
  async execute(request: { email: string; name: string }): Promise<{ user: User; key: string }> {
    const [user] = await this.ports.users.list(null, {
      where: [{ field: 'email', op: 'eq', value: request.email.toLowerCase() }],
      limit: 1,
    });
    if (!user) throw new NotFound(`No user with e-mail ${request.email}`);
    const issued = await issueApiKey(this.ports, user, { name: request.name });
    return { user, key: issued.key };
  }
}
