// Reads what exists in PostHog for an export: every survey of the project and the organization's pending
// invites. Expired invites are counted, not exported (a new Invite would send a new email anyway).
import type { PostHogClient, WireInvite, WireSurvey } from "../client";
import { concreteScope } from "../scope";
import { exportFailure } from "./failures";

export interface Snapshot {
  projectId: string;
  organizationId?: string;
  surveys: WireSurvey[];
  invites: WireInvite[];
  expiredInvites: number;
}

export interface ReadOptions {
  /** A project id or "@current" (the key's current project). */
  projectId: string;
  /** An organization id or "@current"; undefined skips invites. */
  organizationId?: string;
}

/** The key's user (for "@current"); needs the user:read scope, so a refusal says how to do without it. */
async function currentUser(client: PostHogClient) {
  try {
    return await client.users.me();
  } catch (error) {
    throw exportFailure(error, true);
  }
}

export async function readSnapshot(client: PostHogClient, opts: ReadOptions): Promise<Snapshot> {
  let me: ReturnType<typeof currentUser> | undefined;
  const user = () => (me ??= currentUser(client));
  const projectId = await concreteScope("project", opts.projectId, user, "pass --project <id>");
  const organizationId =
    opts.organizationId === undefined
      ? undefined
      : await concreteScope("organization", opts.organizationId, user, "pass --organization <id>");

  // Oldest first, so the program (and the names it picks) stay the same from one export to the next.
  const surveys = (await client.surveys.listAll(projectId)).sort(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id.localeCompare(b.id),
  );
  const invites = organizationId === undefined ? [] : await client.invites.listAll(organizationId);
  return {
    projectId: String(projectId),
    organizationId,
    surveys,
    invites: invites
      .filter((i) => !i.is_expired)
      .sort((a, b) => a.target_email.localeCompare(b.target_email)),
    expiredInvites: invites.filter((i) => i.is_expired).length,
  };
}
