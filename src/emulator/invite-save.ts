// Invite storage (posthog-api.md §3): replacing earlier invites for an email, combining pending ones, expiry.
import { randomUUID } from "node:crypto";
import type { Principal } from "./auth";
import type { Core } from "./context";
import { validationError } from "./errors";
import type { InviteWrite } from "./invite-validate";
import { isObject, type Json } from "./json";
import type { InviteRecord } from "./state";

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
export function insertInvite(core: Core, principal: Principal, w: InviteWrite): InviteRecord {
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

/** Hard delete; false when no invite has that id. */
export function removeInvite(core: Core, id: string): boolean {
  const { data } = core.store;
  const before = data.invites.length;
  data.invites = data.invites.filter((i) => i.id !== id);
  return data.invites.length < before;
}
