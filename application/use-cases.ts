import { Authenticate } from './api-keys/authenticate.ts';
import { CreateApiKey } from './api-keys/create-api-key.ts';
import { EnsurePlatformAdmin } from './api-keys/ensure-platform-admin.ts';
import { ListApiKeys } from './api-keys/list-api-keys.ts';
import { RevokeApiKey } from './api-keys/revoke-api-key.ts';
import { GetBuildInfo } from './operations/get-build-info.ts';
import { GetSdkVersionPolicy } from './operations/get-sdk-version-policy.ts';
import { CreateOrganization } from './organizations/create-organization.ts';
import { DeleteOrganization } from './organizations/delete-organization.ts';
import { GetOrganization } from './organizations/get-organization.ts';
import { GetSubscription } from './organizations/get-subscription.ts';
import { ListOrganizations } from './organizations/list-organizations.ts';
import { SetSubscription } from './organizations/set-subscription.ts';
import { UpdateOrganization } from './organizations/update-organization.ts';
import type { Ports } from './ports/ports.ts';
import { CreateUser } from './users/create-user.ts';
import { DeleteUser } from './users/delete-user.ts';
import { GetCurrentUser } from './users/get-current-user.ts';
import { GetUser } from './users/get-user.ts';
import { ListUsers } from './users/list-users.ts';
import { UpdateUser } from './users/update-user.ts';

/** Every use case of the platform over one set of ports: what the HTTP adapter, CLI and library drive. */
export function createUseCases(ports: Ports) {
  return {
    authenticate: new Authenticate(ports),
    ensurePlatformAdmin: new EnsurePlatformAdmin(ports),
    createApiKey: new CreateApiKey(ports),
    listApiKeys: new ListApiKeys(ports),
    revokeApiKey: new RevokeApiKey(ports),
    listOrganizations: new ListOrganizations(ports),
    getOrganization: new GetOrganization(ports),
    createOrganization: new CreateOrganization(ports),
    updateOrganization: new UpdateOrganization(ports),
    deleteOrganization: new DeleteOrganization(ports),
    getSubscription: new GetSubscription(ports),
    setSubscription: new SetSubscription(ports),
    getCurrentUser: new GetCurrentUser(ports),
    listUsers: new ListUsers(ports),
    getUser: new GetUser(ports),
    createUser: new CreateUser(ports),
    updateUser: new UpdateUser(ports),
    deleteUser: new DeleteUser(ports),
    getBuildInfo: new GetBuildInfo(ports),
    getSdkVersionPolicy: new GetSdkVersionPolicy(ports),
  };
}

export type UseCases = ReturnType<typeof createUseCases>;
