// The preview's side of removing members (no HTTP client here): the warning that names each person a step will
// remove from the organization, and the refusal of what state already shows PostHog would refuse.

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

/** State says the person is an owner: PostHog would refuse the removal, so the preview fails before any request. */
export function ownerRemovalRefused(resource: string, email: string): Error {
  return new Error(
    `${resource}: ${email} is an owner and cannot be removed from the organization; PostHog refuses with ` +
      `"${OWNER_REMOVAL_REFUSED}". Demote them first (another owner can change their level), or turn off removeMemberOnDelete for them.`,
  );
}
