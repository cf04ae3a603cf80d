// When a membership is the one an invite of this resource brought in: proven by time, never by the address alone.
// PostHog deletes an invite when it is used, and every other invite for the address with it
// (posthog/models/organization_invite.py, OrganizationInvite.use), so "gone, and a member with this address exists"
// fits any invitation: this stack's, another stack's later one, a person's in PostHog.
//
// What PostHog's source gives to tell them apart:
// - an invite is valid from its `created_at` until INVITE_DAYS_VALIDITY (3) days later: `OrganizationInvite.is_expired`
//   is `created_at < timezone.now() - timedelta(INVITE_DAYS_VALIDITY)` (posthog/models/organization_invite.py;
//   the constant is in posthog/constants.py);
// - `OrganizationInvite.use` validates first (`_validate` raises `InviteExpiredException` for an expired invite),
//   then `user.join` creates the OrganizationMembership, whose `joined_at` is `auto_now_add`: the moment the person
//   joined (posthog/models/organization.py, OrganizationMembership.joined_at);
// - the member listing shows `joined_at` (posthog/api/organization_member.py, OrganizationMemberSerializer).
// So a membership joined outside [created_at, created_at + 3 days] was not made by that invite. Inside the window it
// may still have come from another invitation sent while ours was valid (which deleted ours): PostHog keeps no link
// from a membership to the invite used (docs/contributing/interrupted-runs.md, "Acceptance").
import type { WireMember } from "../../client";
import type { BatchInvitation } from "./types";
import type { Json } from "../../provider-kit/json";
import { inviteIdOf, memberIdOf } from "./held";
import { MEMBER_ID_PREFIX } from "./mapping";

/** PostHog's INVITE_DAYS_VALIDITY (posthog/constants.py), in milliseconds. */
export const INVITE_VALIDITY_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * A join stamped just after the expiry still used a valid invite: `use` checks the expiry, then the membership row
 * is written in the same request. A minute covers that request; nothing else may be accepted past the expiry.
 */
export const JOIN_GRACE_MS = 60 * 1000;

/** An ISO instant as milliseconds, or undefined when it is missing or not a date. */
function instant(value: unknown): number | undefined {
  if (typeof value !== "string" || value.length === 0) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Whether a membership joined at `joinedAt` was made while an invite created at `createdAt` was valid. */
export function joinedWhileValid(joinedAt: unknown, createdAt: unknown): boolean {
  const joined = instant(joinedAt);
  const created = instant(createdAt);
  if (joined === undefined || created === undefined) return false;
  return joined >= created && joined <= created + INVITE_VALIDITY_MS + JOIN_GRACE_MS;
}

/** Whether `member` is the one the invite created at `createdAt` brought in (the rule above). */
export function acceptedInvite(member: WireMember, createdAt: unknown): boolean {
  return joinedWhileValid(member.joined_at, createdAt);
}

/** When an invite created at `createdAt` expires, as PostHog counts it (ISO), for messages. */
export function expiryOf(createdAt: unknown): string {
  const created = instant(createdAt);
  return created === undefined ? "unknown" : new Date(created + INVITE_VALIDITY_MS).toISOString();
}

/** Why `member` is not the one this invite brought in, for a warning. */
export function notAcceptedReason(
  email: string,
  member: WireMember,
  inviteId: string,
  createdAt: unknown,
): string {
  const joined = typeof member.joined_at === "string" ? `joined at ${member.joined_at}` : "has no join time";
  const window =
    instant(createdAt) === undefined
      ? "and the state has no creation time for it"
      : `valid from ${String(createdAt)} to ${expiryOf(createdAt)}`;
  return (
    `${email} is a member, but ${joined}, outside invite ${inviteId} (${window}): another invitation brought ` +
    "them in, not this one"
  );
}

/**
 * Why `member` is not the membership the Invite with this id and stored outputs holds, or undefined when it is.
 * Once accepted, the membership is the one the state names (`memberId`): a person who left and joined again
 * through another invitation has a new membership. Before, the invite the state holds must have brought them in
 * (the time rule above). A state from before `memberId` was recorded names no membership: the address decides.
 */
export function unprovenMember(
  id: string,
  props: Json,
  member: WireMember,
  email: string,
): string | undefined {
  if (id.startsWith(MEMBER_ID_PREFIX) || props.status === "accepted") {
    const held = memberIdOf(id, props);
    if (held === undefined || held === member.id) return undefined;
    return (
      `${email} is a member, but not through membership ${held}, which this resource held (membership ` +
      `${member.id}${typeof member.joined_at === "string" ? `, joined at ${member.joined_at}` : ""})`
    );
  }
  if (acceptedInvite(member, props.createdAt)) return undefined;
  return notAcceptedReason(email, member, inviteIdOf(id, props), props.createdAt);
}

/** The same for one person of an InviteBatch, by what the batch holds for them. */
export function unprovenBatchMember(
  invitation: BatchInvitation,
  member: WireMember,
  email: string,
): string | undefined {
  const { inviteId, memberId, status, createdAt } = invitation;
  return unprovenMember(
    inviteId,
    { status, memberId: memberId ?? null, createdAt: createdAt ?? null },
    member,
    email,
  );
}
