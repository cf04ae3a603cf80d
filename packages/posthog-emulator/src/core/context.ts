// What a route handler receives, and the project/org lookups every nested route starts with.
import type { Principal } from "./auth";
import type { Clock } from "./clock";
import { notFound, permissionDenied } from "./errors";
import type { ApiRequest } from "./request";
import { hedgehogSummary } from "../organization/user-profile";
import type { OrgRecord, ProjectRecord, Store, UserRecord } from "./state";

/** PostHog behaviour that sits behind an internal rollout flag; off by default, as on PostHog. */
export interface Rollouts {
  /** survey writes that touch a feature flag also need `feature_flag:write` */
  enforceFlagWriteScope: boolean;
}

export interface Core {
  store: Store;
  clock: Clock;
  rollouts: Rollouts;
}

export interface Ctx {
  core: Core;
  req: ApiRequest;
  principal: Principal;
  /** host:port the server listens on, used when a request has no Host header */
  hostFallback: string;
}

export interface Result {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Params = Record<string, string>;
export type Handler = (ctx: Ctx, params: Params) => Result;

export const ok = (body: unknown): Result => ({ status: 200, body });
export const created = (body: unknown): Result => ({ status: 201, body });
export const noContent = (): Result => ({ status: 204 });

/** `@current` or an integer id; anything else (or an unknown id) is 404 "Project not found.". */
export function resolveProject(ctx: Ctx, raw: string): ProjectRecord {
  const { store } = ctx.core;
  if (raw === "@current") return store.data.projects[0];
  const project = /^\d+$/.test(raw) ? store.project(Number(raw)) : undefined;
  if (!project) throw notFound("Project not found.");
  return project;
}

/**
 * TeamMemberAccessPermission (posthog/permissions.py): a project that exists but belongs to an organization the user
 * is not in is 403 "You don't have access to the project." before the throttles; a project that does not exist
 * passes ("handled as a 404 in the viewset").
 */
export function requireProjectAccess(ctx: Ctx, raw: string): void {
  const foreign = ctx.core.store.data.alien_project_ids ?? [];
  if (/^\d+$/.test(raw) && foreign.includes(Number(raw)))
    throw permissionDenied("You don't have access to the project.");
}

/**
 * `@current` or the org's uuid (case-insensitive); an org the user is not in is 403 (OrganizationMemberPermissions);
 * anything else is 404 "Organization not found.".
 */
export function resolveOrg(ctx: Ctx, raw: string): OrgRecord {
  const { org, alien_orgs } = ctx.core.store.data;
  if (raw === "@current" || raw.toLowerCase() === org.id) return org;
  if (alien_orgs?.includes(raw.toLowerCase())) throw permissionDenied();
  throw notFound("Organization not found.");
}

const UUID_RE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** Django's UUID path converter accepts any case and optional hyphens; returns the canonical form. */
export function canonicalUuid(raw: string): string | undefined {
  if (!UUID_RE.test(raw)) return undefined;
  const hex = raw.replace(/-/g, "").toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** UserBasicSerializer, the `created_by` shape. */
export function userBasic(user: UserRecord | undefined): Record<string, unknown> | null {
  if (!user) return null;
  return {
    id: user.id,
    uuid: user.uuid,
    distinct_id: user.distinct_id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_email_verified: user.is_email_verified,
    hedgehog_config: hedgehogSummary(user.hedgehog_config),
    role_at_organization: user.role_at_organization ?? null,
  };
}
