// Reads what exists in PostHog for an export: every survey of the project, the organization's pending invites
// and its members (people who accepted an invite: accepting deletes the invite, the membership is what is left).
// Expired invites are counted, not exported (a new Invite would send a new email anyway).
import type { PostHogClient, WireInvite, WireMember, WireSurvey } from "../client";
import { concreteScope } from "../scope";
import { exportFailure } from "./failures";

export interface Snapshot {
  projectId: string;
  organizationId?: string;
  surveys: WireSurvey[];
  invites: WireInvite[];
  expiredInvites: number;
  /** Members, each declared as an Invite that adopts the membership; not the key's own user (when known). */
  members: WireMember[];
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
  const pending = invites.filter((i) => !i.is_expired);
  const members = organizationId === undefined ? [] : await client.members.listAll(organizationId);
  // The key's user is left out: nobody invites themselves, nor changes their own level (PostHog refuses it).
  // Known only with the user:read scope; without it, every member is declared.
  const self = members.length > 0 ? await user().catch(() => undefined) : undefined;
  const email = (address: string) => address.trim().toLowerCase();
  const invited = new Set(pending.map((i) => email(i.target_email)));
  return {
    projectId: String(projectId),
    organizationId,
    surveys,
    invites: pending.sort((a, b) => a.target_email.localeCompare(b.target_email)),
    expiredInvites: invites.filter((i) => i.is_expired).length,
    members: members
      .filter((m) => m.user.uuid !== self?.uuid && !invited.has(email(m.user.email)))
      .sort((a, b) => email(a.user.email).localeCompare(email(b.user.email))),
  };
}
