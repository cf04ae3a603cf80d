// Invites a create meets before it posts. PostHog has no uniqueness to clash on here: a second POST for the same
// email deletes the pending invite, makes a new one and emails the person again (posthog/api/organization_invite.py,
// OrganizationInviteSerializer.create: OrganizationInviteManager.delete_existing_invites, then send_invite unless
// send_email is false). An invite has no field a create could mark with the resource's identity, so the provider
// cannot prove that a pending invite for the address is the one an interrupted run of this resource sent rather
// than another stack's (two stacks of one program on one organization declare the same invite) or a person's.
// So it takes none over and posts nothing: the create fails naming the invite and the ways out
// (docs/contributing/interrupted-runs.md, "Ownership").
import type { PostHogClient, WireInvite } from "../../client";
import { markCreated, renameWaysOut, TEAMMATE_WAY } from "../../ownership";
import { invalidateOrganization, invitesAtStart } from "../../provider-kit/list-cache";
import { warn } from "../../provider-kit/warn";
import { RESOURCE_TOKENS } from "../../provider-kit/tokens";
import { normaliseEmail } from "./inputs";
import { levelName } from "./mapping";

/** The first page PostHog lists, newest first: every invite made since an earlier look, unless 100 were. */
const NEWEST_PAGE = 100;

/**
 * The organization's invites as they are now, read just before a POST: another run (another stack, a concurrent
 * `up`) may have invited the address since this process first looked. PostHog's invite list has no filter by
 * address (posthog/api/organization_invite.py, OrganizationInviteViewSet.safely_get_queryset orders by
 * `-created_at` and filters nothing), so this is one GET of the newest page; an organization with more than a
 * page of invites has its older ones from the process's first listing (list-cache.ts, invitesAtStart), which an
 * invite made since cannot be among.
 */
async function invitesNow(client: PostHogClient, org: string): Promise<WireInvite[]> {
  const page = await client.invites.list(org, { limit: NEWEST_PAGE });
  if (!page.next) return page.results;
  const listed = new Set(page.results.map((i) => i.id));
  return [...page.results, ...(await invitesAtStart(client, org)).filter((i) => !listed.has(i.id))];
}

/**
 * The pending (not expired) invite for each of `emails` that PostHog holds now, newest first as PostHog lists them,
 * leaving out the invites whose ids are in `own`: the ones the resource's state holds, which are its own by the id
 * (an InviteBatch re-inviting a person with new terms replaces its own pending invite, as an Invite's update does).
 */
export async function pendingInvites(
  client: PostHogClient,
  org: string,
  emails: readonly string[],
  own: ReadonlySet<string> = new Set(),
): Promise<WireInvite[]> {
  if (emails.length === 0) return [];
  const wanted = new Set(emails.map(normaliseEmail));
  const invites = await invitesNow(client, org);
  const seen = new Set<string>();
  return invites.filter((invite) => {
    const email = normaliseEmail(invite.target_email);
    if (invite.is_expired || !wanted.has(email) || seen.has(email) || own.has(invite.id)) return false;
    seen.add(email);
    return true;
  });
}

/** One pending invite as an error names it. */
function described(invite: WireInvite): string {
  const level = typeof invite.level === "number" ? `, level ${levelName(invite.level)}` : "";
  return `${invite.target_email} (invite ${invite.id}${level}, sent ${invite.created_at})`;
}

/**
 * The refusal for pending invites the program would replace: what exists, why nothing was sent, and what to do.
 * `single` says whether the resource is an Invite (which can adopt) or an InviteBatch (which cannot).
 */
export function pendingInviteError(
  org: string,
  invites: readonly WireInvite[],
  single: boolean,
  urn?: string,
): Error {
  // At most three named, so the refusal stays short (docs/troubleshooting.md).
  const named = invites.slice(0, 3).map(described);
  const more = invites.length > 3 ? ` and ${invites.length - 3} more` : "";
  const id = invites[0]?.id ?? "<id>";
  const ways = single
    ? renameWaysOut({ id, urn, adopt: true, token: RESOURCE_TOKENS.Invite })
    : `${TEAMMATE_WAY} Otherwise declare each person as an Invite with adopt: true, or delete their pending invites.`;
  return new Error(
    `organization ${org} already has a pending invite for ${named.join("; ")}${more}, which this stack cannot ` +
      `prove is its own. Nothing was sent: another POST would email the person again. ${ways}`,
  );
}

/**
 * The refusal of an update whose terms changed when the invite the resource held is gone and another pending invite
 * for the address replaced it: nothing proves that one is the resource's (an interrupted run of this update may have
 * sent it, or another stack or a person did).
 */
export function replacedInviteError(org: string, heldId: string, invite: WireInvite): Error {
  return new Error(
    `organization ${org} no longer has invite ${heldId}, which this resource held, and has a pending invite for ` +
      `${described(invite)} that this stack cannot prove is its own (an interrupted run of this update may have ` +
      "sent it, or another stack or a person in PostHog did). Nothing was sent: posting again would replace it and " +
      "email the person a second time. To keep that invite, set adopt: true on this Invite and run pulumi up again: " +
      "the update records it and sends nothing. To send a new invitation instead, delete the pending invite in " +
      "PostHog first. If another stack manages it, adopting it makes both stacks manage it, and either one's " +
      "destroy deletes it",
  );
}

/**
 * Just after a POST: the invites it made that PostHog no longer holds because a pending invite for the same address
 * replaced them (another run's POST that arrived after ours; PostHog deletes the older invite,
 * OrganizationInviteManager.delete_existing_invites). One GET of the newest page, which holds any invite made since.
 * A POST from elsewhere that arrived between our read and our POST is not seen here (ours replaced it): that run's
 * own check sees it. The window neither check closes is in docs/contributing/interrupted-runs.md ("Concurrent runs").
 */
export async function replacedSince(
  client: PostHogClient,
  org: string,
  sent: readonly WireInvite[],
): Promise<{ ours: WireInvite; theirs: WireInvite }[]> {
  if (sent.length === 0) return [];
  const now = (await client.invites.list(org, { limit: NEWEST_PAGE })).results;
  const held = new Set(now.map((i) => i.id));
  return sent.flatMap((ours) => {
    if (held.has(ours.id)) return [];
    const email = normaliseEmail(ours.target_email);
    const theirs = now.find((i) => !i.is_expired && normaliseEmail(i.target_email) === email);
    return theirs ? [{ ours, theirs }] : [];
  });
}

/** The warning for an invite of ours that another run's invite replaced just after our POST. */
export function replacedWarning(resource: string, ours: WireInvite, theirs: WireInvite): string {
  return (
    `${resource}: just after this run invited ${ours.target_email} (invite ${ours.id}), PostHog received another ` +
    `invitation for that address from elsewhere (invite ${theirs.id}, sent ${theirs.created_at}): another stack or a ` +
    `person invited them at the same time, so they were emailed twice and PostHog now holds only invite ${theirs.id}. ` +
    "This stack records its own invite, which the next `pulumi refresh` drops; the next `pulumi up` then refuses the " +
    "other invite unless this resource adopts it (adopt: true). Keep each address in one stack"
  );
}

/**
 * Just after a POST: another run's invite for the address that replaced ours is said (interrupted.ts). The invite
 * was made either way, so a failed look is no reason to fail the create: it is left unsaid.
 */
export async function warnIfReplaced(
  client: PostHogClient,
  org: string,
  resource: string,
  sent: readonly WireInvite[],
): Promise<void> {
  invalidateOrganization(client, org);
  const replaced = await replacedSince(client, org, sent).catch(() => []);
  for (const { ours, theirs } of replaced) warn(replacedWarning(resource, ours, theirs));
}

/** Marks invites this run created, so no other resource of the run takes them over. */
export function claimCreated(invites: readonly { id: string }[]): void {
  for (const invite of invites) markCreated("invite", invite.id);
}
