import type { ApiKey } from '../../domain/identity/api-key.ts';
import type { User } from '../../domain/identity/user.ts';
import type { Organization } from '../../domain/organization/organization.ts';
import type { Subscription } from '../../domain/organization/subscription.ts';
import type { Clock } from './clock.ts';
import type { Deployment } from './deployment.ts';
import type { IdGenerator } from './id-generator.ts';
import type { Logger } from './logger.ts';
import type { RecordStore } from './record-store.ts';
import type { Secrets } from './secrets.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/** Every port the use cases may ask for; an adapter family supplies all of them. */
export interface Ports {
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly secrets: Secrets;
  readonly uow: UnitOfWork;
  readonly logger: Logger;
  readonly deployment: Deployment;
  readonly organizations: RecordStore<Organization>;
  readonly subscriptions: RecordStore<Subscription>;
  readonly users: RecordStore<User>;
  readonly apiKeys: RecordStore<ApiKey>;
}

/** The ports an adapter family for storage supplies (memory, SQLite, PostgreSQL): everything but the system services. */
export type StoragePorts = Omit<Ports, 'clock' | 'ids' | 'secrets' | 'logger' | 'deployment'>;
