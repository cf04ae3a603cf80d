// Invites an interrupted run sent. PostHog has no uniqueness to clash on here: a second POST for the same email
// deletes the pending invite, makes a new one and emails the person again (posthog/api/organization_invite.py,
// OrganizationInviteSerializer.create: OrganizationInviteManager.delete_existing_invites, then send_invite unless
// send_email is false). So a create looks first: a pending invite with exactly the terms it would send is the one
// an earlier, interrupted run sent.
import type { PostHogClient, WireInvite } from "../../client";
import { claimForTakeOver, isUnclaimed, markCreated } from "../../provider-kit/interrupted";
import { invitesAtStart } from "../../provider-kit/list-cache";

/**
 * The pending invites (one per wanted entry at most) an interrupted run left behind, each claimed for this run;
 * `matches` says whether an invite is exactly the one a create would make for that entry.
 */
export async function leftBehind<T>(
  client: PostHogClient,
  org: string,
  wanted: readonly T[],
  matches: (invite: WireInvite, entry: T) => boolean,
): Promise<Map<T, WireInvite>> {
  const found = new Map<T, WireInvite>();
  if (wanted.length === 0) return found;
  const invites = await invitesAtStart(client, org);
  for (const entry of wanted) {
    // Newest first, as PostHog lists them; a claimed one belongs to another resource of this run.
    const invite = invites.find((i) => isUnclaimed("invite", i.id) && matches(i, entry));
    if (invite && claimForTakeOver("invite", invite.id)) found.set(entry, invite);
  }
  return found;
}

/** Marks invites this run created, so no other resource of the run takes them over. */
export function claimCreated(invites: readonly { id: string }[]): void {
  for (const invite of invites) markCreated("invite", invite.id);
}
