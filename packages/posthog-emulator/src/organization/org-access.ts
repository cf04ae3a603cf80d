// Organization membership levels and project access, shared by the invite and member rules.
// PostHog: posthog/models/organization.py, OrganizationMembership.Level.
import type { Ctx } from "../core/context";
import type { Store } from "../core/state";

export {
  ADMIN_LEVEL,
  LEVELS,
  MEMBER_LEVEL,
  OWNER_LEVEL,
  PROJECT_ACCESS_LEVELS,
  type ProjectAccessLevel,
} from "./levels";
import type { ProjectAccessLevel } from "./levels";

/** The member's own access row on a project (an AccessControl with organization_member set), if any. */
export function projectAccessLevel(
  store: Store,
  projectId: number,
  userId: number,
): ProjectAccessLevel | undefined {
  return store.data.project_access?.find((a) => a.project_id === projectId && a.user_id === userId)?.level;
}

/** The level of the user making the request in the organization (a plain member when not found). */
export function inviterLevel(ctx: Ctx): number {
  return ctx.core.store.memberOf(ctx.principal.user.id)?.level ?? 1;
}
