// The invite, declared once as OrganizationInviteSerializer's field table (core/serializer.ts), in its Meta.fields
// order: the record type, the parse of a create, a new invite's defaults and its answer derive from it.
// PostHog: posthog/api/organization_invite.py, OrganizationInviteSerializer (Meta.fields, validate_level,
// validate_private_project_access); posthog/models/organization_invite.py, OrganizationInvite (defaults).
import { drf } from "../core/drf";
import { permissionDenied } from "../core/errors";
import { choiceField, emailField, fieldError } from "../core/fields";
import { isObject, type Json, type JsonObject } from "../core/json";
import { col, parser, type RecordOf, type WriteOf } from "../core/serializer";
import { ADMIN_LEVEL, LEVELS, MEMBER_LEVEL, PROJECT_ACCESS_LEVELS, type ProjectAccessLevel } from "./levels";

/**
 * What the invite's validators read of the request: the inviter, and the organization's projects as the state
 * holds them. The field table names this, not core/context's Ctx: Ctx names core/state's Store, which holds the
 * InviteRecord this table defines, so naming it would close a circle (types count: tools/eslint/no-import-cycle.mjs).
 * invite-validate.ts builds it from the request's Ctx.
 */
export interface InviteChecks {
  /** The inviter's organization level. */
  readonly inviterLevel: number;
  /** A project of the organization, if it exists: its id and whether it is private. */
  project(id: number): { readonly id: number; readonly private?: boolean } | undefined;
  /** The inviter's own access row on a project, if any. */
  ownAccess(projectId: number): ProjectAccessLevel | undefined;
}

/** One private_project_access item as the model validator admits it (its other keys are kept as sent). */
export type ProjectGrant = JsonObject & { id: number; level: ProjectAccessLevel };

const isAccessLevel = (value: Json | undefined): value is ProjectAccessLevel =>
  PROJECT_ACCESS_LEVELS.some((level) => level === value);

const PROJECT_ERROR =
  "Project does not exist on this organization, or it is private and you do not have access to it.";

/**
 * The shape of every item. PostHog: posthog/models/organization_invite.py, validate_private_project_access
 * (the model field's validator).
 */
function checkAccessItems(value: Json): ProjectGrant[] {
  if (!Array.isArray(value)) throw fieldError("The field must be a list of dictionaries.");
  return value.map((item) => {
    if (!isObject(item)) throw fieldError("Each item in the list must be a dictionary.");
    if (!("id" in item) || !("level" in item))
      throw fieldError('Each dictionary must contain "id" and "level" keys.');
    const { id, level } = item;
    if (typeof id !== "number" || !Number.isInteger(id))
      throw fieldError('The "id" field must be an integer.');
    if (!isAccessLevel(level)) throw fieldError('The "level" field must be a valid access level.');
    return { ...item, id, level };
  });
}

/**
 * Whether the inviter may grant this project access.
 * PostHog: posthog/api/organization_invite.py, OrganizationInviteSerializer.validate_private_project_access —
 * the project must be in the org; org admins and owners may invite to any project; a private project needs
 * the inviter's own access to it. The "higher level" message for member access follows the current tests
 * (test_invite_fails_if_inviter_level_is_lower_than_requested_level).
 */
function checkProjectGrant(checks: InviteChecks, item: ProjectGrant): void {
  const project = checks.project(item.id);
  if (!project) throw fieldError(PROJECT_ERROR);
  if (checks.inviterLevel >= ADMIN_LEVEL || !project.private) return;
  const own = checks.ownAccess(project.id);
  if (own === undefined || own === "none") throw fieldError(PROJECT_ERROR);
  if (own === "member" && item.level === "admin") {
    throw fieldError("You cannot invite to a private project with a higher level than your own.");
  }
}

/** null or an empty list is stored as null ("if not private_project_access: return None"). */
function validateProjectAccess(value: Json, checks: InviteChecks): ProjectGrant[] | null {
  if (value === null) return null;
  const items = checkAccessItems(value);
  if (items.length === 0) return null;
  for (const item of items) checkProjectGrant(checks, item);
  return items;
}

/** validate_level: a level above the inviter's own is a 403 that escapes the field pass at once. */
function validateLevel(value: Json, checks: InviteChecks): number {
  const chosen: number = choiceField(value, LEVELS);
  if (chosen > checks.inviterLevel) {
    throw permissionDenied("You cannot invite a user with a higher permission level than your own.");
  }
  return chosen;
}

export const INVITE_FIELDS = {
  id: col.identity<string>("UUIDField(read_only=True)"),
  target_email: col.input(
    parser("EmailField(max_length=254), lowercased", false, (v) => emailField(v).toLowerCase()),
    "",
    { required: true },
  ),
  first_name: col.input(drf.char({ allowBlank: true, maxLength: 30 }), ""),
  emailing_attempt_made: col.readOnly<boolean>("BooleanField(read_only=True)", false),
  level: col.input(
    parser("ChoiceField(OrganizationMembership.Level), validate_level", false, validateLevel),
    MEMBER_LEVEL,
  ),
  is_expired: col.computed("SerializerMethodField"),
  created_by: col.identity<number>("UserBasicSerializer(read_only=True)"),
  created_at: col.identity<number>("DateTimeField(read_only=True)"),
  updated_at: col.identity<number>("DateTimeField(read_only=True)"),
  message: col.input(drf.char({ allowNull: true, allowBlank: true }), null),
  // The model default is a list when the field is not sent; null when an empty list or null is.
  private_project_access: col.input<ProjectGrant[] | null, InviteChecks>(
    parser("JSONField(allow_null=True), validate_private_project_access", true, validateProjectAccess),
    [],
  ),
  send_email: col.instruction(drf.bool()),
  combine_pending_invites: col.instruction(drf.bool()),
  // A model column neither serializer lists: the emulator's creation order, the tie-break of equal created_at.
  seq: col.identity<number>("(emulator) creation order", "model"),
};

export type InviteRecord = RecordOf<typeof INVITE_FIELDS>;
/** A parsed create: the email is required, the rest present only when sent. */
export type InviteWrite = WriteOf<typeof INVITE_FIELDS> & { target_email: string };
