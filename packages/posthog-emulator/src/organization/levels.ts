// Organization membership levels and the levels of project access: plain values, importing nothing, so the state
// (core/state.ts) can name them without reaching the access rules, which read the state.
// PostHog: posthog/models/organization.py, OrganizationMembership.Level.

export const MEMBER_LEVEL = 1;
export const ADMIN_LEVEL = 8;
export const OWNER_LEVEL = 15;
export const LEVELS = [MEMBER_LEVEL, ADMIN_LEVEL, OWNER_LEVEL] as const;

/** Levels a member can hold on a project (ACCESS_CONTROL_LEVELS_MEMBER in posthog/rbac/user_access_control.py). */
export const PROJECT_ACCESS_LEVELS = ["none", "member", "admin"] as const;
export type ProjectAccessLevel = (typeof PROJECT_ACCESS_LEVELS)[number];
