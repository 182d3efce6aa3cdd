import type { Model, ModelStatic } from 'sequelize';
import type { ApiKeyStore, KeyHolder } from '../../application/ports/api-key-store.ts';
import type { ApiKey } from '../../domain/identity/api-key.ts';
import type { Role } from '../../domain/identity/role.ts';
import type { SubscriptionStatus } from '../../domain/organization/subscription.ts';
import type { RecordKind } from '../shared/record-kind.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';

/**
 * API keys in SQL. Authentication reads the key and the few facts it needs of the holder (user id, organization,
 * role; whether the organization is live) in one joined statement on the light path: one round trip per request.
 */
export class SequelizeApiKeyStore extends SequelizeBulkRecordStore<ApiKey> implements ApiKeyStore {
  private readonly holderSql: string;

  constructor(
    model: ModelStatic<Model>,
    kind: RecordKind<ApiKey>,
    database: DatabaseHandle,
    context: TransactionContext,
    holders: { users: ModelStatic<Model>; organizations: ModelStatic<Model>; subscriptions: ModelStatic<Model> },
  ) {
    super(model, kind, database, context);
    const users = holders.users.getTableName() as string;
    const organizations = holders.organizations.getTableName() as string;
    const subscriptions = holders.subscriptions.getTableName() as string;
    this.holderSql =
      `SELECT ${this.codec.selectList('k')}, "u"."id" AS "u.id", "u"."organization_id" AS "u.organization_id",` +
      ` "u"."role" AS "u.role", "o"."id" AS "o.id", "s"."status" AS "s.status"` +
      ` FROM "${this.codec.table}" AS "k"` +
      ` LEFT JOIN "${users}" AS "u"` +
      ` ON "u"."id" = "k"."user_id" AND "u"."organization_id" = "k"."organization_id" AND "u"."deleted_at" IS NULL` +
      ` LEFT JOIN "${organizations}" AS "o" ON "o"."id" = "u"."organization_id" AND "o"."deleted_at" IS NULL` +
      ` LEFT JOIN "${subscriptions}" AS "s" ON "s"."id" = "o"."id" AND "s"."deleted_at" IS NULL` +
      ` WHERE "k"."secret_hash" = ? AND "k"."deleted_at" IS NULL LIMIT 1`;
  }

  async findHolder(secretHash: string): Promise<KeyHolder | null> {
    const [row] = await this.database.rows.select(this.holderSql, [secretHash], this.context.current());
    if (!row) return null;
    const user =
      row['u.id'] === null
        ? null
        : {
            id: row['u.id'] as string,
            organizationId: row['u.organization_id'] as string,
            role: row['u.role'] as Role,
          };
    return {
      key: this.codec.decode(row, 'k')!,
      user,
      organizationLive: row['o.id'] !== null,
      subscriptionStatus: (row['s.status'] as SubscriptionStatus | null) ?? null,
    };
  }
}
