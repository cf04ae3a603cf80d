// Invite storage (docs/contributing/posthog-behaviour.md#invites): replacing earlier invites for an email, combining pending ones, expiry.
import { randomUUID } from "node:crypto";
import type { Principal } from "../core/auth";
import type { Core } from "../core/context";
import { validationError } from "../core/errors";
import { INVITE_FIELDS, type InviteRecord, type InviteWrite } from "./invite-fields";
import { MEMBER_LEVEL, type ProjectAccessLevel } from "./org-access";
import { addMember } from "./members";
import type { MemberRecord } from "../core/state";
import { newRecord } from "../core/serializer";

export const INVITE_DAYS_VALIDITY = 3;
const DAY_MS = 86_400_000;

export function isExpired(core: Core, invite: InviteRecord): boolean {
  return invite.created_at < core.clock.nowMs() - INVITE_DAYS_VALIDITY * DAY_MS;
}

export function assertNotMember(core: Core, email: string): void {
  if (core.store.memberByEmail(email)) {
    throw validationError("invalid", "A user with this email address already belongs to the organization.");
  }
}

/**
 * combine_pending_invites: the highest level and the merged project access of the unexpired invites for the email.
 * PostHog: posthog/api/organization_invite.py, OrganizationInviteManager.combine_invites / _combine_project_access.
 * Levels are compared as strings there, so an older "member" wins over a new "admin" ("member" > "admin").
 */
function combinePending(core: Core, olds: InviteRecord[], w: InviteWrite): InviteWrite {
  const pending = olds.filter((o) => !isExpired(core, o)).sort((a, b) => b.created_at - a.created_at);
  if (pending.length === 0) return w;
  const access = new Map<number, ProjectAccessLevel>();
  for (const item of w.private_project_access ?? []) access.set(item.id, item.level);
  for (const old of pending) {
    for (const item of old.private_project_access ?? []) {
      const held = access.get(item.id);
      if (held === undefined || item.level > held) access.set(item.id, item.level);
    }
  }
  return {
    ...w,
    level: Math.max(w.level ?? MEMBER_LEVEL, ...pending.map((o) => o.level)),
    private_project_access: [...access].map(([id, level]) => ({ id, level })),
  };
}

/** Deletes every invite for the email (expired ones too) and creates a new one with a new id. */
export function insertInvite(core: Core, principal: Principal, w: InviteWrite): InviteRecord {
  const { data } = core.store;
  const olds = data.invites.filter((i) => i.target_email.toLowerCase() === w.target_email);
  const terms = w.combine_pending_invites ? combinePending(core, olds, w) : w;
  data.invites = data.invites.filter((i) => !olds.includes(i));
  const now = core.clock.nowMs();
  const identity = {
    id: randomUUID(),
    seq: core.store.nextSeq(),
    created_by: principal.user.id,
    created_at: now,
    updated_at: now,
  };
  const invite = newRecord(INVITE_FIELDS, identity, terms);
  // PostHog: OrganizationInviteSerializer.create — an attempt is made when is_email_available() and send_email.
  invite.emailing_attempt_made = core.store.data.email_available === true && terms.send_email !== false;
  data.invites.push(invite);
  return invite;
}

/** Hard delete; false when no invite has that id. */
export function removeInvite(core: Core, id: string): boolean {
  const { data } = core.store;
  const before = data.invites.length;
  data.invites = data.invites.filter((i) => i.id !== id);
  return data.invites.length < before;
}

/**
 * The invitee signs up: they join at the invite's level, gain its project access, and every invite for the email
 * is deleted. PostHog: posthog/models/organization_invite.py, OrganizationInvite.validate and OrganizationInvite.use.
 */
export function useInvite(core: Core, invite: InviteRecord): MemberRecord {
  if (isExpired(core, invite)) {
    throw validationError("expired", "This invite has expired. Please ask your admin for a new one.");
  }
  if (core.store.memberByEmail(invite.target_email)) {
    throw validationError(
      "existing_email_address",
      "Another user with this email address already belongs to this organization.",
    );
  }
  const member = addMember(core, invite.target_email, invite.first_name, invite.level);
  const { data } = core.store;
  for (const item of invite.private_project_access ?? []) {
    // A project deleted since the invite was sent is skipped.
    if (!core.store.project(item.id)) continue;
    (data.project_access ??= []).push({ project_id: item.id, user_id: member.user_id, level: item.level });
  }
  const email = invite.target_email.toLowerCase();
  data.invites = data.invites.filter((i) => i.target_email.toLowerCase() !== email);
  return member;
}
