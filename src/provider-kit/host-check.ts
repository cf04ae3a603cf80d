// Whether an object is at the host in force, by its id: the fact that decides whether a changed host is the same
// PostHog (placement.ts). Loaded only when the host changed, so a preview without a host change loads no client.
// A survey is asked by its id in its project (`GET /api/projects/<project>/surveys/<id>/`); an invite or a batch by
// its organization (`GET /api/organizations/<org>/invites/?limit=1`): PostHog looks the project or organization up
// before anything else and answers 404 for one it does not have (posthog/api/routing.py, TeamAndOrgViewSetMixin),
// and ids are UUIDs (a survey's, an organization's), so another PostHog never holds the same one. A 404 is "not
// there"; any other failure is the message `up` would give.
import { clientFor, isNotFound } from "../client";
import { resolveSettings } from "../config";
import { describeFailure } from "./errors";

/** Where an object is looked for: a survey by its project and id, an invite or batch by its organization. */
export type ObjectAt =
  | { kind: "survey"; project: string; id: string }
  | { kind: "organization"; organization: string; id: string };

/** Whether the object is at `host` (the host in force unless given), with the key in force. */
export async function objectIsAt(label: string, at: ObjectAt, host?: string): Promise<boolean> {
  const settings = resolveSettings();
  const client = clientFor(host === undefined ? settings : { ...settings, host });
  try {
    if (at.kind === "survey") await client.surveys.get(at.project, at.id);
    else await client.invites.list(at.organization, { limit: 1 });
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw describeFailure(label, `look for it at ${host ?? "the new host"}`, error);
  }
}
