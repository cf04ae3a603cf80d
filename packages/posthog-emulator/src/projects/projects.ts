// Projects, the organization and GET /api/users/@me/ (config discovery).
import { ok, resolveProject, type Core, type Ctx, type Params, type Result } from "../core/context";
import { drfTime } from "../core/dates";
import { notFound } from "../core/errors";
import { paginate } from "../core/pagination";
import type { ProjectRecord } from "../core/state";

export function projectShape(core: Core, p: ProjectRecord): Record<string, unknown> {
  return {
    id: p.id,
    uuid: p.uuid,
    organization: core.store.data.org.id,
    api_token: p.api_token,
    name: p.name,
    created_at: drfTime(p.created_at),
    updated_at: drfTime(p.created_at),
    timezone: "UTC",
    is_demo: false,
    access_control: false,
  };
}

function orgShape(ctx: Ctx): Record<string, unknown> {
  const { org } = ctx.core.store.data;
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    created_at: drfTime(org.created_at),
    membership_level: ctx.core.store.memberOf(ctx.principal.user.id)?.level ?? null,
  };
}

export function listProjects(ctx: Ctx): Result {
  const page = paginate(ctx.core.store.data.projects, ctx.req, ctx.hostFallback);
  return ok({ ...page, results: page.results.map((p) => projectShape(ctx.core, p)) });
}

export function getProject(ctx: Ctx, p: Params): Result {
  return ok(projectShape(ctx.core, resolveProject(ctx, p.project)));
}

export function getOrganization(ctx: Ctx): Result {
  return ok(orgShape(ctx));
}

export function getMe(ctx: Ctx, p: Params): Result {
  if (p.user !== "@me") throw notFound();
  const u = ctx.principal.user;
  const team = ctx.core.store.data.projects[0];
  return ok({
    id: u.id,
    uuid: u.uuid,
    distinct_id: u.distinct_id,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    is_email_verified: u.is_email_verified,
    organization: orgShape(ctx),
    organizations: [orgShape(ctx)],
    team: team ? projectShape(ctx.core, team) : null,
  });
}
