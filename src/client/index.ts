import { requireApiKey, type Settings } from "../config";
import { featureFlagsApi, type FeatureFlagsApi } from "./flags";
import { invitesApi, type InvitesApi } from "./invites";
import { membersApi, type MembersApi } from "./members";
import type { ClientOptions } from "./options";
import { projectsApi, type ProjectsApi } from "./projects";
import { surveysApi, type SurveysApi } from "./surveys";
import { createTransport } from "./transport";
import { usersApi, type UsersApi } from "./users";

export type { ClientOptions } from "./options";
export { DEFAULTS as CLIENT_DEFAULTS } from "./options";
export { PostHogApiError, isNotFound, isOutcomeUnknown, buildErrorMessage, describeFailure } from "./errors";
export type { PostHogApiErrorInit } from "./errors";
export { MAX_BULK_INVITES } from "./invites";
export type { SurveysApi, Id } from "./surveys";
export type { InvitesApi } from "./invites";
export type { MembersApi } from "./members";
export type { ProjectsApi } from "./projects";
export type { UsersApi } from "./users";
export type { WireCurrentUser } from "./users.wire";
export type { FeatureFlagsApi, FeatureFlagWriteBody } from "./flags";
export type { Page } from "./paginate.wire";
export type { SurveyWriteBody, WireSurvey, WireSurveyWriteResponse, WireQuestion } from "./surveys.wire";
export type { InviteWriteBody, WireInvite } from "./invites.wire";
export type { WireMember } from "./members.wire";
export type { WireProject } from "./projects.wire";
export type { WireFeatureFlag } from "./flags.wire";
export type { WireUserBasic } from "./wire-common";

export interface PostHogClient {
  surveys: SurveysApi;
  invites: InvitesApi;
  members: MembersApi;
  projects: ProjectsApi;
  featureFlags: FeatureFlagsApi;
  users: UsersApi;
}

/** A client for one host and key. Cheap to build: pacing is shared process-wide per host+key. */
export function createClient(opts: ClientOptions): PostHogClient {
  const t = createTransport(opts);
  return {
    surveys: surveysApi(t),
    invites: invitesApi(t),
    members: membersApi(t),
    projects: projectsApi(t),
    featureFlags: featureFlagsApi(t),
    users: usersApi(t),
  };
}

const clients = new Map<string, PostHogClient>();

/**
 * The one client for these settings (the key must be set), used by providers, data functions and export alike.
 * One per host, key and client setting per process, so the pace and connection pool are shared by every
 * resource the engine runs.
 */
export function clientFor(settings: Settings): PostHogClient {
  const options: ClientOptions = {
    host: settings.host,
    apiKey: requireApiKey(settings),
    requestsPerSecond: settings.requestsPerSecond,
    rateWindows: settings.rateWindows,
    deadlineMs: settings.requestDeadlineMs,
    requestTimeoutMs: settings.requestTimeoutMs,
    retryBaseMs: settings.retryBaseMs,
  };
  const cacheKey = JSON.stringify(options);
  let client = clients.get(cacheKey);
  if (!client) {
    client = createClient(options);
    clients.set(cacheKey, client);
  }
  return client;
}
