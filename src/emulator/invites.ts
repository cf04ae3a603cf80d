// Organization invites (docs/posthog-behaviour.md#invites): list, create, bulk, delete; 405 for GET/PATCH/PUT on one invite.
import { randomUUID } from "node:crypto";
import type { Principal } from "./auth";
import {
  canonicalUuid,
  created,
  noContent,
  ok,
  resolveOrg,
  userBasic,
  type Core,
  type Ctx,
  type Params,
  type Result,
} from "./context";
import { drfTime } from "./dates";
import { notFound, permissionDenied, validationError } from "./errors";
import {
  boolField,
  charField,
  choiceField,
  Collector,
  emailField,
  fieldError,
  type FieldError,
} from "./fields";
import { isObject, pyTypeName, type Json, type JsonObject } from "./json";
import { paginate } from "./pagination";
import type { InviteRecord } from "./state";

export const INVITE_DAYS_VALIDITY = 3;
export const MAX_BULK_INVITES = 20;
const LEVELS = [1, 8, 15] as const;
const DAY_MS = 86_400_000;

interface InviteWrite {
  target_email: string;
  first_name?: string;
  level?: number;
  message?: string | null;
  private_project_access?: JsonObject[];
  combine_pending_invites?: boolean;
}

export function isExpired(core: Core, invite: InviteRecord): boolean {
  return invite.created_at < core.clock.nowMs() - INVITE_DAYS_VALIDITY * DAY_MS;
}

export function inviteShape(core: Core, i: InviteRecord): Record<string, unknown> {
  return {
    id: i.id,
    target_email: i.target_email,
    first_name: i.first_name,
    emailing_attempt_made: i.emailing_attempt_made,
    level: i.level,
    is_expired: isExpired(core, i),
    created_by: userBasic(core.store.user(i.created_by)),
    created_at: drfTime(i.created_at),
    updated_at: drfTime(i.updated_at),
    message: i.message,
    private_project_access: i.private_project_access,
  };
}

function inviterLevel(ctx: Ctx): number {
  return ctx.core.store.memberOf(ctx.principal.user.id)?.level ?? 1;
}

const PROJECT_ERROR =
  "Project does not exist on this organization, or it is private and you do not have access to it.";

/** The model validator's item checks, then the serializer's project-existence check. */
function validateProjectAccess(ctx: Ctx, value: unknown): JsonObject[] {
  if (value === null) return [];
  if (!Array.isArray(value)) throw fieldError("Expected a list of items.");
  for (const item of value) {
    if (!isObject(item)) throw fieldError("Items in the list must be dictionaries");
    if (!("id" in item) || !("level" in item)) throw fieldError("Missing keys for item in the list");
    if (typeof item.id !== "number" || !Number.isInteger(item.id))
      throw fieldError("'id' must be an integer");
    if (item.level !== "member" && item.level !== "admin") {
      throw fieldError("Wrong level, it needs to be either 'member' or 'admin'");
    }
  }
  for (const item of value as JsonObject[]) {
    if (!ctx.core.store.project(item.id as number)) throw fieldError(PROJECT_ERROR);
    if (item.level === "admin" && inviterLevel(ctx) < 8) {
      throw fieldError("You cannot invite to a private project with a higher level than your own.");
    }
  }
  return value as JsonObject[];
}

/** OrganizationInviteSerializer field pass; a too-high level is a 403 that escapes at once. */
function parseInvite(
  ctx: Ctx,
  body: JsonObject,
): { data?: InviteWrite; errors: Array<[string, FieldError]> } {
  const c = new Collector(body, false);
  const email = c.field("target_email", (v) => emailField(v).toLowerCase(), { required: true });
  const firstName = c.field("first_name", (v) => charField(v, { allowBlank: true, maxLength: 30 }) as string);
  const level = c.field("level", (v) => {
    const chosen = choiceField(v, LEVELS) as number;
    if (chosen > inviterLevel(ctx)) {
      throw permissionDenied("You cannot invite a user with a higher permission level than your own.");
    }
    return chosen;
  });
  const message = c.field("message", (v) => charField(v, { allowNull: true, allowBlank: true }));
  const access = c.field("private_project_access", (v) => validateProjectAccess(ctx, v));
  c.field("send_email", (v) => boolField(v));
  const combine = c.field("combine_pending_invites", (v) => boolField(v) as boolean);
  if (c.errors.length > 0 || email === undefined) return { errors: c.errors };
  return {
    data: {
      target_email: email,
      first_name: firstName,
      level,
      message,
      private_project_access: access,
      combine_pending_invites: combine,
    },
    errors: [],
  };
}

function assertNotMember(ctx: Ctx, email: string): void {
  if (ctx.core.store.memberByEmail(email)) {
    throw validationError("invalid", "A user with this email address already belongs to the organization.");
  }
}

/** combine_pending_invites: highest level and per-project maximum access over unexpired pending invites. */
function combinePending(core: Core, olds: InviteRecord[], w: InviteWrite): { level: number; access: Json[] } {
  let level = w.level ?? 1;
  const access = new Map<number, string>();
  const take = (items: Json[]) => {
    for (const item of items) {
      if (!isObject(item)) continue;
      const id = item.id as number;
      if (access.get(id) !== "admin") access.set(id, String(item.level));
    }
  };
  take(w.private_project_access ?? []);
  for (const old of olds.filter((o) => !isExpired(core, o))) {
    level = Math.max(level, old.level);
    take(old.private_project_access);
  }
  return { level, access: [...access].map(([id, lvl]) => ({ id, level: lvl })) };
}

/** Deletes every invite for the email (expired ones too) and creates a new one with a new id. */
function insertInvite(core: Core, principal: Principal, w: InviteWrite): InviteRecord {
  const { data } = core.store;
  const olds = data.invites.filter((i) => i.target_email.toLowerCase() === w.target_email);
  const combined = w.combine_pending_invites ? combinePending(core, olds, w) : undefined;
  data.invites = data.invites.filter((i) => !olds.includes(i));
  const now = core.clock.nowMs();
  const invite: InviteRecord = {
    id: randomUUID(),
    seq: core.store.nextSeq(),
    target_email: w.target_email,
    first_name: w.first_name ?? "",
    level: combined?.level ?? w.level ?? 1,
    message: w.message ?? null,
    private_project_access: combined?.access ?? w.private_project_access ?? [],
    // The emulator cannot send email (is_email_available() is false), so no emailing attempt is ever made.
    emailing_attempt_made: false,
    created_by: principal.user.id,
    created_at: now,
    updated_at: now,
  };
  data.invites.push(invite);
  return invite;
}

export function listInvites(ctx: Ctx, p: Params): Result {
  resolveOrg(ctx, p.org);
  const invites = [...ctx.core.store.data.invites].sort(
    (a, b) => b.created_at - a.created_at || b.seq - a.seq,
  );
  const page = paginate(invites, ctx.req, ctx.hostFallback);
  return ok({ ...page, results: page.results.map((i) => inviteShape(ctx.core, i)) });
}

export function createInvite(ctx: Ctx, p: Params): Result {
  resolveOrg(ctx, p.org);
  const body = ctx.req.json();
  if (!isObject(body)) {
    throw validationError("invalid", `Invalid data. Expected a dictionary, but got ${pyTypeName(body)}.`);
  }
  const { data, errors } = parseInvite(ctx, body);
  if (!data) {
    const [attr, e] = errors[0] ?? ["target_email", { code: "required", detail: "This field is required." }];
    throw validationError(e.code, e.detail, attr);
  }
  assertNotMember(ctx, data.target_email);
  return created(inviteShape(ctx.core, insertInvite(ctx.core, ctx.principal, data)));
}

/** Python repr of a str, as str(dict) prints it. */
function pyRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  const body = s.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(new RegExp(quote, "g"), `\\${quote}`);
  return `${quote}${body}${quote}`;
}

/** str() of one item's DRF error dict, e.g. {'target_email': [ErrorDetail(string='…', code='invalid')]}. */
function pyErrorDict(errors: Array<[string, { code: string; detail: string }]>): string {
  const entries = errors.map(
    ([attr, e]) => `${pyRepr(attr)}: [ErrorDetail(string=${pyRepr(e.detail)}, code=${pyRepr(e.code)})]`,
  );
  return `{${entries.join(", ")}}`;
}

export function bulkInvites(ctx: Ctx, p: Params): Result {
  resolveOrg(ctx, p.org);
  const body = ctx.req.json();
  if (!Array.isArray(body)) {
    throw validationError("invalid", "This endpoint needs an array of data for bulk invite creation.");
  }
  if (body.length > MAX_BULK_INVITES) {
    throw validationError("max_length", "A maximum of 20 invites can be sent in a single request.");
  }
  // Validate every item before creating anything (all-or-nothing), as ListSerializer.is_valid() does.
  const parsed = body.map((item: unknown) =>
    isObject(item)
      ? parseInvite(ctx, item)
      : {
          data: undefined,
          errors: [
            [
              "non_field_errors",
              {
                code: "invalid",
                detail: `Invalid data. Expected a dictionary, but got ${pyTypeName(item)}.`,
              },
            ] as [string, FieldError],
          ],
        },
  );
  if (parsed.some((r) => r.errors.length > 0)) {
    // exceptions_hog stringifies the first item's error dict ("{}" when the first item was valid).
    const text = pyErrorDict(parsed[0].errors);
    throw validationError(text, text);
  }
  const items = parsed.map((r) => r.data as InviteWrite);
  for (const item of items) assertNotMember(ctx, item.target_email);
  const invites = items.map((item) => insertInvite(ctx.core, ctx.principal, item));
  return created(invites.map((i) => inviteShape(ctx.core, i)));
}

export function deleteInvite(ctx: Ctx, p: Params): Result {
  resolveOrg(ctx, p.org);
  if (inviterLevel(ctx) < 8) throw permissionDenied("Your organization access level is insufficient.");
  const id = canonicalUuid(p.id);
  const { data } = ctx.core.store;
  if (!id || !data.invites.some((i) => i.id === id)) throw notFound();
  data.invites = data.invites.filter((i) => i.id !== id);
  return noContent();
}
