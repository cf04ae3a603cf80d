// OrganizationInviteSerializer validation (docs/contributing/posthog-behaviour.md#invites): field checks, the private-project rules and the
// bulk endpoint's body checks. Storage lives in invite-save.ts, routes in invites.ts.
import type { Ctx } from "../core/context";
import { permissionDenied, validationError } from "../core/errors";
import { Collector, FieldError } from "../core/fields";
import { isObject, pyTypeName, type JsonObject } from "../core/json";
import { parseFields } from "../core/serializer";
import { INVITE_FIELDS, type InviteChecks, type InviteWrite } from "./invite-fields";
import { ADMIN_LEVEL, inviterLevel, projectAccessLevel } from "./org-access";

export const MAX_BULK_INVITES = 20;

export interface ParsedInvite {
  data?: InviteWrite;
  errors: Array<[string, FieldError]>;
}

/**
 * UserCanInvitePermission: with the org's invite settings feature, plain members invite only if members_can_invite.
 * PostHog: posthog/permissions.py, UserCanInvitePermission.has_permission.
 */
export function assertCanInvite(ctx: Ctx): void {
  const { org } = ctx.core.store.data;
  if (!org.invite_settings_available || inviterLevel(ctx) >= ADMIN_LEVEL) return;
  if (org.members_can_invite === false) throw permissionDenied();
}

/** What the field table's validators read of this request (invite-fields.ts). */
function inviteChecks(ctx: Ctx): InviteChecks {
  const { store } = ctx.core;
  const userId = ctx.principal.user.id;
  return {
    inviterLevel: inviterLevel(ctx),
    project: (id) => store.project(id),
    ownAccess: (projectId) => projectAccessLevel(store, projectId, userId),
  };
}

/** OrganizationInviteSerializer field pass over the table; a too-high level is a 403 that escapes at once. */
export function parseInvite(ctx: Ctx, body: JsonObject): ParsedInvite {
  const c = new Collector(body, false);
  const write = parseFields(INVITE_FIELDS, c, inviteChecks(ctx), true);
  const email = write.target_email;
  if (c.errors.length > 0 || email === undefined) return { errors: c.errors };
  return { data: { ...write, target_email: email }, errors: [] };
}

/** The single create: a non-dict body or the first field error is a 400. */
export function parseSingleInvite(ctx: Ctx, body: unknown): InviteWrite {
  if (!isObject(body)) {
    throw validationError("invalid", `Invalid data. Expected a dictionary, but got ${pyTypeName(body)}.`);
  }
  const { data, errors } = parseInvite(ctx, body);
  if (!data) {
    const [attr, e] = errors[0] ?? ["target_email", { code: "required", detail: "This field is required." }];
    throw validationError(e.code, e.detail, attr);
  }
  return data;
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

function notADict(item: unknown): ParsedInvite {
  const detail = `Invalid data. Expected a dictionary, but got ${pyTypeName(item)}.`;
  return { errors: [["non_field_errors", new FieldError("invalid", detail)]] };
}

/** The bulk body: a list of at most 20 items, every item validated before anything is created. */
export function parseBulkInvites(ctx: Ctx, body: unknown): InviteWrite[] {
  if (!Array.isArray(body)) {
    throw validationError("invalid", "This endpoint needs an array of data for bulk invite creation.");
  }
  if (body.length > MAX_BULK_INVITES) {
    throw validationError(
      "max_length",
      `A maximum of ${MAX_BULK_INVITES} invites can be sent in a single request.`,
    );
  }
  // All-or-nothing, as ListSerializer.is_valid() does.
  const parsed = body.map((item: unknown) => (isObject(item) ? parseInvite(ctx, item) : notADict(item)));
  if (parsed.some((r) => r.errors.length > 0)) {
    // exceptions_hog stringifies the first item's error dict ("{}" when the first item was valid).
    const text = pyErrorDict(parsed[0].errors);
    throw validationError(text, text);
  }
  return parsed.flatMap((r) => (r.data ? [r.data] : []));
}
