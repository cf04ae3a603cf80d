// /_emulator controls for the organization side: act as a member of any level, change a member as the UI
// would, instance and organization settings, private projects, and organizations the user is not in.
import { randomUUID } from "node:crypto";
import { canonicalUuid, created, ok, type Result } from "../core/context";
import { body, field, type Control, type ControlRoute } from "./control-kit";
import type { Emulator } from "../core/emulator";
import { notFound, validationError } from "../core/errors";
import { boolField, choiceField, emailField } from "../core/fields";
import { memberShape } from "../organization/members";
import { LEVELS, OWNER_LEVEL } from "../organization/org-access";
import { adminUserId, type StateData } from "../core/state";
import { ROLES_AT_ORGANIZATION } from "../organization/user-profile";

/** Back to one organization whose only member, the admin key's user, is its owner. */
export function resetOrg(em: Emulator): void {
  const d = em.store.data;
  const admin = adminUserId(d);
  d.users = d.users.filter((u) => u.id === admin);
  delete d.users[0].is_active;
  delete d.users[0].hedgehog_config;
  delete d.users[0].role_at_organization;
  const now = em.clock.nowMs();
  const own = d.members.find((m) => m.user_id === admin);
  d.members = [
    own
      ? { ...own, level: OWNER_LEVEL }
      : { id: randomUUID(), user_id: admin, level: OWNER_LEVEL, joined_at: now, updated_at: now },
  ];
  d.project_access = [];
  d.alien_orgs = [];
  d.alien_project_ids = [];
  delete d.org.members_can_invite;
  delete d.org.invite_settings_available;
  d.email_available = em.emailAvailableAtStart;
}

function settingsOf(d: StateData): Record<string, boolean> {
  return {
    emailAvailable: d.email_available === true,
    membersCanInvite: d.org.members_can_invite !== false,
    inviteSettingsAvailable: d.org.invite_settings_available === true,
  };
}

const getSettings: Control = (em) => ok(settingsOf(em.store.data));

/** emailAvailable: is_email_available(); the other two: the org's invite settings (UserCanInvitePermission). */
const setSettings: Control = (em, req) => {
  const b = body(req);
  const d = em.store.data;
  const flag = (name: string) => field(name, () => boolField(b[name]));
  if (b.emailAvailable !== undefined) d.email_available = flag("emailAvailable");
  if (b.membersCanInvite !== undefined) d.org.members_can_invite = flag("membersCanInvite");
  if (b.inviteSettingsAvailable !== undefined)
    d.org.invite_settings_available = flag("inviteSettingsAvailable");
  return ok(settingsOf(d));
};

/** `@me` is the admin key's user; otherwise a user uuid. */
function memberAt(em: Emulator, raw: string) {
  const d = em.store.data;
  const uuid = raw === "@me" ? d.users[0].uuid : canonicalUuid(raw);
  const user = d.users.find((u) => u.uuid === uuid);
  const member = user ? em.store.memberOf(user.id) : undefined;
  if (!user || !member) throw notFound();
  return { user, member };
}

/**
 * Changes a member as an admin would in the UI, with no rules: level and whether the user is active; and, as the
 * user would in their own settings, their hedgehog avatar (any JSON, stored as sent) and role.
 */
const patchMember: Control = (em, req, raw): Result => {
  const { user, member } = memberAt(em, raw);
  const b = body(req);
  if (b.level !== undefined) member.level = field("level", () => choiceField(b.level, LEVELS));
  if (b.is_active !== undefined) user.is_active = field("is_active", () => boolField(b.is_active));
  if (b.hedgehog_config !== undefined) user.hedgehog_config = b.hedgehog_config;
  if (b.role_at_organization !== undefined) {
    user.role_at_organization = field("role_at_organization", () =>
      choiceField(b.role_at_organization, ROLES_AT_ORGANIZATION, { allowNull: true }),
    );
  }
  member.updated_at = em.clock.nowMs();
  return ok(memberShape(em, member));
};

/**
 * An organization that exists but that no emulator user belongs to (its routes answer 403), with one project
 * whose id is real but belongs to no organization of ours.
 */
const createAlienOrg: Control = (em) => {
  const d = em.store.data;
  const id = randomUUID();
  (d.alien_orgs ??= []).push(id);
  const projectId = d.next.project++;
  (d.alien_project_ids ??= []).push(projectId);
  return created({ id, project_id: projectId });
};

/** Gives a member their own access level on a project (meaningful when the project is private). */
const grantProjectAccess: Control = (em, req, rawId) => {
  const project = /^\d+$/.test(rawId) ? em.store.project(Number(rawId)) : undefined;
  if (!project) throw notFound();
  const b = body(req);
  const email = field("email", () => emailField(b.email));
  const level = field("level", () => choiceField(b.level, ["member", "admin"] as const));
  const member = em.store.memberByEmail(email);
  if (!member) throw validationError("invalid", "no member with this email", "email");
  const d = em.store.data;
  d.project_access = (d.project_access ?? []).filter(
    (a) => !(a.project_id === project.id && a.user_id === member.user_id),
  );
  d.project_access.push({ project_id: project.id, user_id: member.user_id, level });
  return ok({ project_id: project.id, email, level });
};

export const ORG_CONTROLS: ControlRoute[] = [
  { pattern: /^\/_emulator\/settings\/?$/, methods: { GET: getSettings, POST: setSettings } },
  { pattern: /^\/_emulator\/members\/([^/]+)\/?$/, methods: { PATCH: patchMember } },
  { pattern: /^\/_emulator\/organizations\/?$/, methods: { POST: createAlienOrg } },
  { pattern: /^\/_emulator\/projects\/(\d+)\/access\/?$/, methods: { POST: grantProjectAccess } },
];
