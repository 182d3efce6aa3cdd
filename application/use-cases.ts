import { Authenticate } from './api-key/authenticate.ts';
import { CreateApiKey } from './api-key/create-api-key.ts';
import { EnsurePlatformAdmin } from './api-key/ensure-platform-admin.ts';
import { IssueKeyByEmail } from './api-key/issue-key-by-email.ts';
import { ListApiKeys } from './api-key/list-api-keys.ts';
import { RevokeApiKey } from './api-key/revoke-api-key.ts';
import { CheckReadiness } from './operations/check-readiness.ts';
import { GetBuildInfo } from './operations/get-build-info.ts';
import { RunSelfCheck } from './operations/run-self-check.ts';
import { GetSdkVersionPolicy } from './operations/get-sdk-version-policy.ts';
import { SweepNow } from './operations/sweep-now.ts';
import { SweepStorage } from './operations/sweep-storage.ts';
import { ReceiveMarketplaceNotice } from './operations/receive-marketplace-notice.ts';
import { SetPassword } from './auth/set-password.ts';
import { SignIn } from './auth/sign-in.ts';
import { VerifyMfa } from './auth/verify-mfa.ts';
import { CreateOrganization } from './organization/create-organization.ts';
import { DeleteOrganization } from './organization/delete-organization.ts';
import { GetOrganization } from './organization/get-organization.ts';
import { GetSubscription } from './organization/get-subscription.ts';
import { ListOrganizations } from './organization/list-organizations.ts';
import { SetSubscription } from './organization/set-subscription.ts';
import { UpdateOrganization } from './organization/update-organization.ts';
import { createCatalogUseCases } from './catalog/catalog-use-cases.ts';
import { createDatasetUseCases } from './dataset/dataset-use-cases.ts';
import type { Ports } from './ports/ports.ts';
import type { Settings } from './ports/settings.ts';
import { createEvaluationUseCases } from './evaluation/evaluation-use-cases.ts';
import { createRunUseCases } from './run/run-use-cases.ts';
import { createReviewUseCases } from './review/review-use-cases.ts';
import { createCostUseCases } from './cost/cost-use-cases.ts';
import { createMonitorUseCases } from './monitor/monitor-use-cases.ts';
import { createEndpointConnectionUseCases } from './endpoint-connection/endpoint-connection-use-cases.ts';
import { createDatasetGenerationUseCases } from './dataset-generation/dataset-generation-use-cases.ts';
import { createInferenceGenerationUseCases } from './inference-generation/inference-generation-use-cases.ts';
import { CreateSession } from './tracing/create-session.ts';
import { GetSession } from './tracing/get-session.ts';
import { ListSessions } from './tracing/list-sessions.ts';
import { UpdateSession } from './tracing/update-session.ts';
import { FinishSession } from './tracing/finish-session.ts';
import { DeleteSession } from './tracing/delete-session.ts';
import { CreateInferenceResult } from './tracing/create-inference-result.ts';
import { CreateConversationResults } from './tracing/create-conversation-results.ts';
import { GetInferenceResult } from './tracing/get-inference-result.ts';
import { ListInferenceResults } from './tracing/list-inference-results.ts';
import { UpdateInferenceResult } from './tracing/update-inference-result.ts';
import { DeleteInferenceResult } from './tracing/delete-inference-result.ts';
import { IngestSpans } from './tracing/ingest-spans.ts';
import { IngestOtelSpans } from './tracing/ingest-otel-spans.ts';
import { GetSpan } from './tracing/get-span.ts';
import { ListSpans } from './tracing/list-spans.ts';
import { DeleteSpans } from './tracing/delete-spans.ts';
import { CreateUser } from './user/create-user.ts';
import { DeleteUser } from './user/delete-user.ts';
import { GetCurrentUser } from './user/get-current-user.ts';
import { GetUser } from './user/get-user.ts';
import { ListUsers } from './user/list-users.ts';
import { UpdateUser } from './user/update-user.ts';

/** Every use case over one set of ports and the deployment's settings: what HTTP, the CLI and the library drive. */
export function createUseCases(ports: Ports, settings: Settings) {
  const sweepStorage = new SweepStorage(ports, settings);
  return {
    ...createCatalogUseCases(ports),
    ...createDatasetUseCases(ports),
    ...createEvaluationUseCases(ports, settings),
    ...createRunUseCases(ports),
    ...createReviewUseCases(ports, settings),
    ...createMonitorUseCases(ports, settings),
    ...createEndpointConnectionUseCases(ports),
    ...createCostUseCases(ports),
    ...createInferenceGenerationUseCases(ports, settings),
    ...createDatasetGenerationUseCases(ports, settings),
    createSession: new CreateSession(ports),
    getSession: new GetSession(ports),
    listSessions: new ListSessions(ports),
    updateSession: new UpdateSession(ports),
    finishSession: new FinishSession(ports),
    deleteSession: new DeleteSession(ports),
    createInferenceResult: new CreateInferenceResult(ports),
    createConversationResults: new CreateConversationResults(ports),
    getInferenceResult: new GetInferenceResult(ports),
    listInferenceResults: new ListInferenceResults(ports),
    updateInferenceResult: new UpdateInferenceResult(ports),
    deleteInferenceResult: new DeleteInferenceResult(ports),
    ingestSpans: new IngestSpans(ports),
    ingestOtelSpans: new IngestOtelSpans(ports),
    getSpan: new GetSpan(ports),
    listSpans: new ListSpans(ports),
    deleteSpans: new DeleteSpans(ports),
    authenticate: new Authenticate(ports),
    ensurePlatformAdmin: new EnsurePlatformAdmin(ports, settings),
    issueKeyByEmail: new IssueKeyByEmail(ports),
    createApiKey: new CreateApiKey(ports),
    listApiKeys: new ListApiKeys(ports),
    revokeApiKey: new RevokeApiKey(ports),
    listOrganizations: new ListOrganizations(ports),
    getOrganization: new GetOrganization(ports),
    createOrganization: new CreateOrganization(ports, settings),
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
    getBuildInfo: new GetBuildInfo(ports, settings),
    runSelfCheck: new RunSelfCheck(ports),
    getSdkVersionPolicy: new GetSdkVersionPolicy(settings),
    checkReadiness: new CheckReadiness(ports),
    sweepStorage,
    sweepNow: new SweepNow(sweepStorage),
    receiveMarketplaceNotice: new ReceiveMarketplaceNotice(ports, settings),
    setPassword: new SetPassword(ports),
    signIn: new SignIn(ports, settings),
    verifyMfa: new VerifyMfa(ports, settings),
  };
}

export type UseCases = ReturnType<typeof createUseCases>;
