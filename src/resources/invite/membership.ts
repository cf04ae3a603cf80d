// What Invite and InviteBatch do to a person once they have accepted: change their level, remove them from the
// organization, and the preview-time notices about it. Loaded only at apply time (it uses the HTTP client).
import type { PostHogClient, WireMember } from "../../client";
import { LEVEL_NUMBERS } from "./inputs";
import { isNotFound } from "../../provider-kit/errors";
import { cachedMembers, invalidateOrganization } from "../../provider-kit/list-cache";
import { memberEmail } from "./mapping";
import type { InviteLevel } from "./types";

/** The member with this (lowercased) email, from the shared member listing. */
export async function findMember(
  client: PostHogClient,
  org: string,
  email: string,
): Promise<WireMember | undefined> {
  return (await cachedMembers(client, org)).find((m) => memberEmail(m) === email);
}

/** The user uuid PostHog addresses the membership by: from state when known, else from the member list. */
async function userUuidOf(
  client: PostHogClient,
  org: string,
  email: string,
  known: unknown,
): Promise<string | undefined> {
  if (typeof known === "string" && known.length > 0) return known;
  return (await findMember(client, org, email))?.user.uuid;
}

/**
 * PATCHes the member's level (PostHog: posthog/api/organization_member.py, OrganizationMemberSerializer.update;
 * its refusals, e.g. "You can only edit others if you are an admin.", come back as errors). Returns the user
 * uuid, or undefined when the person is no longer a member.
 */
export async function setMemberLevel(
  client: PostHogClient,
  org: string,
  email: string,
  knownUuid: unknown,
  level: InviteLevel,
): Promise<string | undefined> {
  const uuid = await userUuidOf(client, org, email, knownUuid);
  if (!uuid) return undefined;
  try {
    await client.members.setLevel(org, uuid, LEVEL_NUMBERS[level]);
  } finally {
    invalidateOrganization(client, org);
  }
  return uuid;
}

/** What removeMember did: removed the membership, found none, or left one that `proves` did not accept. */
export type Removal = { removed: boolean; unproven?: WireMember };

/**
 * DELETEs the membership. A member who is already gone (404, or not in the list) is fine. PostHog refuses to
 * remove an owner with "Cannot leave the organization as its owner!" (posthog/models/user.py, User.leave), which
 * is passed on. With `proves`, the membership is read from the list first and removed only when `proves` accepts
 * it (acceptance.ts: the membership this resource's invite made, not one the address got another way).
 */
export async function removeMember(
  client: PostHogClient,
  org: string,
  email: string,
  knownUuid: unknown,
  proves?: (member: WireMember) => boolean,
): Promise<Removal> {
  let uuid: string | undefined;
  if (proves) {
    const member = await findMember(client, org, email);
    if (!member) return { removed: false };
    if (!proves(member)) return { removed: false, unproven: member };
    uuid = member.user.uuid;
  } else uuid = await userUuidOf(client, org, email, knownUuid);
  if (!uuid) return { removed: false };
  try {
    await client.members.remove(org, uuid);
    return { removed: true };
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return { removed: false };
  } finally {
    invalidateOrganization(client, org);
  }
}
