// OrganizationInviteSerializer validation (docs/contributing/posthog-behaviour.md#invites): field checks, the private-project rules and the
// bulk endpoint's body checks. Storage lives in invite-save.ts, routes in invites.ts.
import type { Ctx } from "../core/context";
import { permissionDenied, validationError } from "../core/errors";
import {
  boolField,
  charField,
  choiceField,
  Collector,
  emailField,
  fieldError,
  type FieldError,
} from "../core/fields";
import { isObject, pyTypeName, type JsonObject } from "../core/json";
import { ADMIN_LEVEL, LEVELS, PROJECT_ACCESS_LEVELS, projectAccessLevel } from "./org-access";

export const MAX_BULK_INVITES = 20;

export interface InviteWrite {
  target_email: string;
  first_name?: string;
  level?: number;
  message?: string | null;
  private_project_access?: JsonObject[] | null;
  combine_pending_invites?: boolean;
  send_email?: boolean;
}

export interface ParsedInvite {
  data?: InviteWrite;
  errors: Array<[string, FieldError]>;
}

export function inviterLevel(ctx: Ctx): number {
  return ctx.core.store.memberOf(ctx.principal.user.id)?.level ?? 1;
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

const PROJECT_ERROR =
  "Project does not exist on this organization, or it is private and you do not have access to it.";

/**
 * The shape of every item. PostHog: posthog/models/organization_invite.py, validate_private_project_access
 * (the model field's validator).
 */
function checkAccessItems(value: unknown): JsonObject[] {
  if (!Array.isArray(value)) throw fieldError("The field must be a list of dictionaries.");
  for (const item of value) {
    if (!isObject(item)) throw fieldError("Each item in the list must be a dictionary.");
    if (!("id" in item) || !("level" in item))
      throw fieldError('Each dictionary must contain "id" and "level" keys.');
    if (typeof item.id !== "number" || !Number.isInteger(item.id))
      throw fieldError('The "id" field must be an integer.');
    if (!(PROJECT_ACCESS_LEVELS as readonly unknown[]).includes(item.level))
      throw fieldError('The "level" field must be a valid access level.');
  }
  return value as JsonObject[];
}

/**
 * Whether the inviter may grant this project access.
 * PostHog: posthog/api/organization_invite.py, OrganizationInviteSerializer.validate_private_project_access —
 * the project must be in the org; org admins and owners may invite to any project; a private project needs
 * the inviter's own access to it. The "higher level" message for member access follows the current tests
 * (test_invite_fails_if_inviter_level_is_lower_than_requested_level).
 */
function checkProjectGrant(ctx: Ctx, item: JsonObject): void {
  const { store } = ctx.core;
  const project = store.project(item.id as number);
  if (!project) throw fieldError(PROJECT_ERROR);
  if (inviterLevel(ctx) >= ADMIN_LEVEL || !project.private) return;
  const own = projectAccessLevel(store, project.id, ctx.principal.user.id);
  if (own === undefined || own === "none") throw fieldError(PROJECT_ERROR);
  if (own === "member" && item.level === "admin") {
    throw fieldError("You cannot invite to a private project with a higher level than your own.");
  }
}

/** null or an empty list is stored as null ("if not private_project_access: return None"). */
function validateProjectAccess(ctx: Ctx, value: unknown): JsonObject[] | null {
  if (value === null) return null;
  const items = checkAccessItems(value);
  if (items.length === 0) return null;
  for (const item of items) checkProjectGrant(ctx, item);
  return items;
}

/** OrganizationInviteSerializer field pass; a too-high level is a 403 that escapes at once. */
export function parseInvite(ctx: Ctx, body: JsonObject): ParsedInvite {
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
  const sendEmail = c.field("send_email", (v) => boolField(v) as boolean);
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
      send_email: sendEmail,
    },
    errors: [],
  };
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
  return { errors: [["non_field_errors", { code: "invalid", detail } as FieldError]] };
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
  return parsed.map((r) => r.data as InviteWrite);
}
