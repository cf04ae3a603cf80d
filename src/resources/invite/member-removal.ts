// The preview's side of removing members (no HTTP client here): the warning that names each person a step will
// remove from the organization, and the refusal of what state already shows PostHog would refuse.
import { MEMBER_ID_PREFIX } from "./mapping";

/** PostHog never removes an owner, whoever asks (posthog/models/user.py, User.leave). */
export const OWNER_REMOVAL_REFUSED = "Cannot leave the organization as its owner!";

/** The warning a preview prints for every person whose membership the step deletes. */
export function memberRemovalWarning(resource: string, email: string, organizationId: string): string {
  return `${resource}: ${email} will be REMOVED from organization ${organizationId} (removeMemberOnDelete is on), not just uninvited.`;
}

/** The warning a preview prints when removal is turned on for an accepted person (their later delete asks nothing). */
export function memberRemovalArmedWarning(resource: string, email: string, organizationId: string): string {
  return `${resource}: removeMemberOnDelete is on: deleting this resource will REMOVE ${email} from organization ${organizationId}.`;
}

/**
 * Whether a record holds a membership that no invite of this stack brought in: its id (an Invite's id, a batch
 * entry's `inviteId`) is `member:<membership id>`, which is what an Invite or batch entry records when the person
 * was already a member as it was created ("already a member …; nothing was sent"), when it adopted or imported a
 * membership, or when a refresh could not tie an older version's entry to its invite (batch-apply.ts, `read`).
 * Once an invite of this stack is sent its id stays the invite's, so this is decided by what was sent, never by
 * the address. removeMemberOnDelete never removes such a member.
 */
export function foundAsMember(id: string): boolean {
  return id.startsWith(MEMBER_ID_PREFIX);
}

/** What the preview and the delete say when removeMemberOnDelete is on for a member no invite of this stack brought in. */
export function foundMemberKept(resource: string, email: string, organizationId: string): string {
  return (
    `${resource}: ${email} was already a member of organization ${organizationId} when this stack recorded them ` +
    "(no invite of this stack brought them in), so removeMemberOnDelete does not remove them: deleting this " +
    "sends PostHog nothing for them."
  );
}

/** State says the person is an owner: PostHog would refuse the removal, so the preview fails before any request. */
export function ownerRemovalRefused(resource: string, email: string): Error {
  return new Error(
    `${resource}: ${email} is an owner and cannot be removed from the organization; PostHog refuses with ` +
      `"${OWNER_REMOVAL_REFUSED}". Demote them first (another owner can change their level), or turn off removeMemberOnDelete for them.`,
  );
}
