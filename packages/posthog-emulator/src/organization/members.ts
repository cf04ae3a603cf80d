// Organization member routes: list, PATCH/PUT (level) and DELETE under /members/:user_uuid/.
// PostHog: posthog/api/organization_member.py, OrganizationMemberViewSet (list, update, destroy; no retrieve).
import { randomUUID } from "node:crypto";
import {
  canonicalUuid,
  noContent,
  ok,
  userBasic,
  type Core,
  type Ctx,
  type Params,
  type Result,
} from "../core/context";
import { drfTime, parseDateTime, toMs } from "../core/dates";
import { notFound, validationError } from "../core/errors";
import { choiceField, Collector, expectObject } from "../core/fields";
import { validateLeave, validateUpdate } from "./member-rules";
import { LEVELS } from "./org-access";
import { paginate } from "../core/pagination";
import { normalizeSearch } from "../surveys/survey-search";
import { newUser, type MemberRecord, type UserRecord } from "../core/state";

/** INTERNAL_BOT_EMAIL_SUFFIX: PostHog's own bot users never show as members. */
const BOT_EMAIL_SUFFIX = "@posthogbot.user";
const MAX_SEARCH_LENGTH = 200;

/** OrganizationMemberSerializer. 2FA, social login and last login are not modelled: always false/false/null. */
export function memberShape(
  core: Core,
  m: MemberRecord,
  searchMatch: string | null = null,
): Record<string, unknown> {
  return {
    id: m.id,
    user: userBasic(core.store.user(m.user_id)),
    level: m.level,
    joined_at: drfTime(m.joined_at),
    updated_at: drfTime(m.updated_at),
    is_2fa_enabled: false,
    has_social_auth: false,
    last_login: null,
    search_match_type: searchMatch,
  };
}

/** Adds the membership, reusing the user with that email if one exists; the caller checks it is not a member. */
export function addMember(core: Core, email: string, firstName: string, level: number): MemberRecord {
  const { data } = core.store;
  let user = data.users.find((u) => u.email.toLowerCase() === email.toLowerCase());
  if (!user) {
    user = newUser(data.next.user++, email, firstName, "");
    data.users.push(user);
  }
  const now = core.clock.nowMs();
  const member: MemberRecord = { id: randomUUID(), user_id: user.id, level, joined_at: now, updated_at: now };
  data.members.push(member);
  return member;
}

/** A listed membership with its user; `index` (insertion order) breaks ties between equal join times. */
interface MemberRow {
  m: MemberRecord;
  u: UserRecord;
  index: number;
}

/** organization_members_base_queryset: active users, no bots. */
function visible(core: Core): MemberRow[] {
  const rows: MemberRow[] = [];
  core.store.data.members.forEach((m, index) => {
    const u = core.store.user(m.user_id);
    if (u && u.is_active !== false && !u.email.endsWith(BOT_EMAIL_SUFFIX)) rows.push({ m, u, index });
  });
  return rows;
}

/** Search: a case-insensitive substring of first name, last name or email is an "exact" match. */
function searchMatch(u: UserRecord, term: string): boolean {
  const t = term.toLowerCase();
  return [u.first_name, u.last_name, u.email].some((s) => s.toLowerCase().includes(t));
}

/** safely_get_queryset for list: email and updated_after filters, then search or order (default -joined_at). */
export function listMembers(ctx: Ctx): Result {
  const { req } = ctx;
  const search = req.param("search") ?? "";
  if (search.length > MAX_SEARCH_LENGTH) {
    throw validationError(
      "invalid",
      `Search query must be ${MAX_SEARCH_LENGTH} characters or fewer.`,
      "search",
    );
  }
  let rows = visible(ctx.core);
  const email = req.param("email");
  if (email !== undefined) rows = rows.filter((r) => r.u.email === email);
  const after = req.param("updated_after");
  const afterIso = after === undefined ? undefined : parseDateTime(after);
  if (afterIso !== undefined) rows = rows.filter((r) => r.m.updated_at > toMs(afterIso));
  // OrganizationMemberViewSet._apply_search (posthog/api/organization_member.py) runs normalize_search_term.
  const term = normalizeSearch(search);
  let match: string | null = null;
  if (term) {
    // PostHog also returns fuzzy trigram ("similar") matches; only substring ("exact") ones are modelled.
    rows = rows.filter((r) => searchMatch(r.u, term));
    rows.sort((a, b) => a.u.first_name.localeCompare(b.u.first_name) || a.index - b.index);
    match = "exact";
  } else {
    const dir = req.param("order") === "joined_at" ? 1 : -1;
    rows.sort((a, b) => dir * (a.m.joined_at - b.m.joined_at || a.index - b.index));
  }
  const page = paginate(rows, req, ctx.hostFallback);
  return ok({ ...page, results: page.results.map((r) => memberShape(ctx.core, r.m, match)) });
}

/** The member addressed by user uuid (or @me); hidden and unknown users are 404. */
function findMember(ctx: Ctx, raw: string): MemberRecord {
  const rows = visible(ctx.core);
  if (raw === "@me") {
    const own = rows.find((r) => r.u.id === ctx.principal.user.id);
    if (own) return own.m;
    throw notFound();
  }
  const uuid = canonicalUuid(raw);
  const row = uuid === undefined ? undefined : rows.find((r) => r.u.uuid === uuid);
  if (!row) throw notFound();
  return row.m;
}

function requesterOf(ctx: Ctx): MemberRecord {
  const own = ctx.core.store.memberOf(ctx.principal.user.id);
  if (!own) throw notFound();
  return own;
}

/** PATCH and PUT: the object permission, then the level field, then validate_update with the new level. */
export function updateMember(ctx: Ctx, p: Params): Result {
  const target = findMember(ctx, p.id);
  const requester = requesterOf(ctx);
  validateUpdate(requester, target);
  const c = new Collector(expectObject(ctx.req.json()), true);
  const level = c.field("level", (v) => choiceField(v, LEVELS));
  c.throwIfAny();
  if (level !== undefined) {
    validateUpdate(requester, target, level);
    target.level = level;
  }
  target.updated_at = ctx.core.clock.nowMs();
  return ok(memberShape(ctx.core, target));
}

/** DELETE: the object permission, then User.leave (owners cannot leave). The user itself remains. */
export function deleteMember(ctx: Ctx, p: Params): Result {
  const target = findMember(ctx, p.id);
  validateUpdate(requesterOf(ctx), target);
  validateLeave(target);
  const { data } = ctx.core.store;
  data.members = data.members.filter((m) => m !== target);
  // The member's project access rows go with the membership (their foreign key cascades).
  data.project_access = data.project_access?.filter((a) => a.user_id !== target.user_id);
  return noContent();
}
