// Organization invites (docs/contributing/posthog-behaviour.md#invites): list, create, bulk, delete; 405 for GET/PATCH/PUT on one invite.
import {
  canonicalUuid,
  created,
  noContent,
  ok,
  userBasic,
  type Core,
  type Ctx,
  type Params,
  type Result,
} from "../core/context";
import { drfTime } from "../core/dates";
import { notFound, permissionDenied } from "../core/errors";
import { assertNotMember, insertInvite, isExpired, removeInvite } from "./invite-save";
import { assertCanInvite, parseBulkInvites, parseSingleInvite } from "./invite-validate";
import { INVITE_FIELDS, type InviteRecord } from "./invite-fields";
import { ADMIN_LEVEL, inviterLevel } from "./org-access";
import { paginate } from "../core/pagination";
import { represent, type Presenters } from "../core/serializer";

const PRESENTERS: Presenters<typeof INVITE_FIELDS, Core> = {
  is_expired: (i, core) => isExpired(core, i),
  created_by: (i, core) => userBasic(core.store.user(i.created_by)),
  created_at: (i) => drfTime(i.created_at),
  updated_at: (i) => drfTime(i.updated_at),
};

/** OrganizationInviteSerializer's representation (its create answer and list items alike). */
export function inviteShape(core: Core, i: InviteRecord): Record<string, unknown> {
  return represent(INVITE_FIELDS, i, "read", PRESENTERS, core);
}

export function listInvites(ctx: Ctx): Result {
  const invites = [...ctx.core.store.data.invites].sort(
    (a, b) => b.created_at - a.created_at || b.seq - a.seq,
  );
  const page = paginate(invites, ctx.req, ctx.hostFallback);
  return ok({ ...page, results: page.results.map((i) => inviteShape(ctx.core, i)) });
}

export function createInvite(ctx: Ctx): Result {
  assertCanInvite(ctx);
  const data = parseSingleInvite(ctx, ctx.req.json());
  assertNotMember(ctx.core, data.target_email);
  return created(inviteShape(ctx.core, insertInvite(ctx.core, ctx.principal, data)));
}

export function bulkInvites(ctx: Ctx): Result {
  assertCanInvite(ctx);
  const items = parseBulkInvites(ctx, ctx.req.json());
  for (const item of items) assertNotMember(ctx.core, item.target_email);
  const invites = items.map((item) => insertInvite(ctx.core, ctx.principal, item));
  return created(invites.map((i) => inviteShape(ctx.core, i)));
}

export function deleteInvite(ctx: Ctx, p: Params): Result {
  if (inviterLevel(ctx) < ADMIN_LEVEL)
    throw permissionDenied("Your organization access level is insufficient.");
  const id = canonicalUuid(p.id);
  if (!id || !removeInvite(ctx.core, id)) throw notFound();
  return noContent();
}
