// Organization membership levels and project access, shared by the invite and member rules.
// PostHog: posthog/models/organization.py, OrganizationMembership.Level.
import type { Store } from "./state";

export const MEMBER_LEVEL = 1;
export const ADMIN_LEVEL = 8;
export const OWNER_LEVEL = 15;
export const LEVELS = [MEMBER_LEVEL, ADMIN_LEVEL, OWNER_LEVEL] as const;

/** The member's own access row on a project (an AccessControl with organization_member set), if any. */
export function projectAccessLevel(
  store: Store,
  projectId: number,
  userId: number,
): "member" | "admin" | undefined {
  return store.data.project_access?.find((a) => a.project_id === projectId && a.user_id === userId)?.level;
}
