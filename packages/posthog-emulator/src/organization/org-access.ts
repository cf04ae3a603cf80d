// Organization membership levels and project access, shared by the invite and member rules.
// PostHog: posthog/models/organization.py, OrganizationMembership.Level.
import type { Store } from "../core/state";

export const MEMBER_LEVEL = 1;
export const ADMIN_LEVEL = 8;
export const OWNER_LEVEL = 15;
export const LEVELS = [MEMBER_LEVEL, ADMIN_LEVEL, OWNER_LEVEL] as const;

/** Levels a member can hold on a project (ACCESS_CONTROL_LEVELS_MEMBER in posthog/rbac/user_access_control.py). */
export const PROJECT_ACCESS_LEVELS = ["none", "member", "admin"] as const;
export type ProjectAccessLevel = (typeof PROJECT_ACCESS_LEVELS)[number];

/** The member's own access row on a project (an AccessControl with organization_member set), if any. */
export function projectAccessLevel(
  store: Store,
  projectId: number,
  userId: number,
): ProjectAccessLevel | undefined {
  return store.data.project_access?.find((a) => a.project_id === projectId && a.user_id === userId)?.level;
}
