// Who may change or remove whom in an organization. PostHog: posthog/models/organization.py,
// OrganizationMembership.validate_update, and posthog/models/user.py, User.leave.
import { permissionDenied, validationError } from "../core/errors";
import { ADMIN_LEVEL, OWNER_LEVEL } from "./org-access";
import type { MemberRecord } from "../core/state";

/**
 * OrganizationMembership.validate_update: `newLevel` is set for a level change; without it this is the
 * object permission every PATCH, PUT and DELETE passes first (OrganizationMemberObjectPermissions).
 */
export function validateUpdate(requester: MemberRecord, target: MemberRecord, newLevel?: number): void {
  const self = requester.id === target.id;
  if (newLevel !== undefined) {
    if (self) throw permissionDenied("You can't change your own access level.");
    if (newLevel === OWNER_LEVEL) {
      if (requester.level !== OWNER_LEVEL) {
        throw permissionDenied("You can only make another member owner if you're this organization's owner.");
      }
    } else if (newLevel > requester.level) {
      throw permissionDenied(
        "You can only change access level of others to lower or equal to your current one.",
      );
    }
  }
  if (self) return;
  if (requester.level < ADMIN_LEVEL) throw permissionDenied("You can only edit others if you are an admin.");
  if (target.level > requester.level) {
    throw permissionDenied("You can only edit others with level lower or equal to you.");
  }
}

/** User.leave: an owner never leaves (nor is removed), so an organization always keeps its owners. */
export function validateLeave(target: MemberRecord): void {
  if (target.level === OWNER_LEVEL) {
    throw validationError("invalid", "Cannot leave the organization as its owner!");
  }
}
