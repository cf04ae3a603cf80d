// After the key check (key-check.ts), one request per distinct project or organization a run's resources name,
// so that a preview fails on a `projectId` (or `organizationId`) PostHog does not have, or that the key cannot
// reach, instead of planning a replacement that `up` then refuses with "Project not found" (issue 44). The request
// is the listing of the collection the resource lives in (one page for up to 100 objects): `GET /api/projects/<id>/surveys/` for a
// survey, `GET /api/organizations/<id>/invites/` for an invite; PostHog looks the project or organization up
// before it lists (posthog/api/routing.py, TeamAndOrgViewSetMixin: "Project not found." / "Organization not
// found."), and the key needs no scope beyond the resource's own (a `:write` scope grants its `:read`,
// posthog/permissions.py, APIScopePermission). A 403 for a missing scope proves nothing about the project (a
// single invite create checks no scope, docs/contributing/posthog-behaviour.md), so it passes; any other failure
// is `up`'s own. "@current" is the key's own project, which the key check's answer already covers. Cached per
// process for each host, key and scope, as the key check is, and skipped with it (`checkKeyAndHost: false`).
import { PostHogApiError } from "../client";
import type { ScopeKind } from "../scope";
import { callContext } from "./context";
import { describeFailure } from "./errors";
import { cachedInvites, surveysAtStart } from "./list-cache";

/** The answer for each host, key and scope, shared by every check of this process. */
const answers = new Map<string, Promise<void>>();

/** The one request for a scope: the first item of the collection the resource's objects live in. */
async function ask(kind: ScopeKind, id: string): Promise<void> {
  const { client } = callContext();
  try {
    // The listing a preview's check of a create reads anyway (survey/clash-preview.ts, invite/clash-preview.ts),
    // so a project or organization costs one request, whose first page answers this question.
    if (kind === "project") await surveysAtStart(client, id);
    else await cachedInvites(client, id);
  } catch (error) {
    if (error instanceof PostHogApiError && error.status === 403 && /scope '/.test(error.detail ?? ""))
      return;
    throw error;
  }
}

/**
 * Resolves once PostHog has answered for the `kind` `id` (a project id, an organization UUID) at the host in
 * force; otherwise rejects with the message `up` would give, naming the resource `resource` and the setting. Only
 * the first call per host, key and scope sends a request.
 */
export async function checkScope(
  resource: string,
  kind: ScopeKind,
  id: string,
  host: string,
  apiKey: string | undefined,
): Promise<void> {
  const key = `${host}\n${apiKey ?? ""}\n${kind}\n${id}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = Promise.resolve().then(() => ask(kind, id));
    answers.set(key, answer);
  }
  try {
    await answer;
  } catch (error) {
    throw describeFailure(resource, `check ${kind} ${id} before planning`, error);
  }
}
