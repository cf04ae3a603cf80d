// Invite inputs <-> PostHog wire shapes: level names <-> numbers, defaults, the write body, how a server invite
// (or a member, once accepted) reads back as outputs, and which input changes force a new invite.
import type { InviteWriteBody, WireInvite, WireMember } from "../../client";
import { inviteInputs, LEVEL_NUMBERS, normaliseEmail } from "./inputs";
import { containsUnknown } from "../../provider-kit/unknown";
import { CURRENT } from "../../scope";
import { deepEqualLoose, withoutUndefined } from "../../provider-kit/equality";
import type { InviteLevel, InviteOutputs, PrivateProjectAccess } from "./types";
import { declaredInputs, declaredKeysChanged } from "../../provider-kit/declared";
import { userSummary } from "../../provider-kit/wire-shared";

import type { Json } from "../../provider-kit/json";
import { projectAccess } from "./stored";

export function levelName(level: number | null | undefined): InviteLevel {
  if (level === 15) return "owner";
  if (level === 8) return "admin";
  return "member";
}

/** Project access in a canonical order, so the order it was declared in never causes a diff. */
export function canonicalAccess(list: unknown): PrivateProjectAccess[] {
  if (!Array.isArray(list)) return [];
  return list
    .flatMap((entry: unknown) => {
      const parsed = projectAccess.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => a.id - b.id);
}

/** The invite fields a person is invited with, defaults applied. Changing any of them needs a new invite. */
export interface InviteTerms {
  targetEmail: string;
  firstName: string;
  message: string | null;
  level: InviteLevel;
  privateProjectAccess: PrivateProjectAccess[];
}

export const TERM_KEYS = ["targetEmail", "firstName", "message", "level", "privateProjectAccess"] as const;

export function termsOf(inputs: Json): InviteTerms {
  const typed = inviteInputs(inputs);
  return {
    targetEmail: normaliseEmail(String(inputs.targetEmail ?? "")),
    firstName: typed.firstName ?? "",
    message: typed.message || null,
    level: typed.level ?? "member",
    privateProjectAccess: canonicalAccess(inputs.privateProjectAccess),
  };
}

/** Provider-side settings: recorded, never sent after create, never a reason to replace. */
const SETTING_KEYS = ["sendEmail", "renewWhenExpired", "adopt", "removeMemberOnDelete"] as const;

export function settingsOf(inputs: Json): Record<(typeof SETTING_KEYS)[number], boolean> {
  const typed = inviteInputs(inputs);
  return {
    sendEmail: typed.sendEmail ?? true,
    renewWhenExpired: typed.renewWhenExpired ?? true,
    adopt: typed.adopt ?? false,
    removeMemberOnDelete: typed.removeMemberOnDelete ?? false,
  };
}

export function termsOfInvite(invite: WireInvite): InviteTerms {
  return {
    targetEmail: normaliseEmail(invite.target_email),
    firstName: invite.first_name ?? "",
    message: invite.message || null,
    level: levelName(invite.level),
    privateProjectAccess: canonicalAccess(invite.private_project_access),
  };
}

export function sameTerm(key: keyof InviteTerms, a: InviteTerms, b: InviteTerms): boolean {
  return deepEqualLoose(a[key], b[key]);
}

/** The terms where `invite` differs from what is wanted (empty: it is the invite we would create). */
export function differingTerms(invite: WireInvite, wanted: InviteTerms): (keyof InviteTerms)[] {
  const actual = termsOfInvite(invite);
  return TERM_KEYS.filter((key) => !sameTerm(key, actual, wanted));
}

/**
 * Whether a listed invite is the pending invite these terms describe: not expired, and the same in each of the
 * `compared` terms (all of them unless told). The one test Invite and InviteBatch both use to recognise the
 * invite they made (after a lost POST answer, or when PostHog replaced the invite with one of the same terms).
 */
export function isPendingInviteWith(
  invite: WireInvite,
  wanted: InviteTerms,
  compared: readonly (keyof InviteTerms)[] = TERM_KEYS,
): boolean {
  return !invite.is_expired && differingTerms(invite, wanted).every((key) => !compared.includes(key));
}

export function writeBody(terms: InviteTerms, sendEmail: boolean): InviteWriteBody {
  return withoutUndefined({
    target_email: terms.targetEmail,
    first_name: terms.firstName,
    message: terms.message ?? undefined,
    level: LEVEL_NUMBERS[terms.level],
    private_project_access: terms.privateProjectAccess,
    send_email: sendEmail,
  });
}

type Outputs = InviteOutputs & { declared: Json };

/** What PostHog says about an invite, in output form (shared with the getInvites data function). */
export function inviteFacts(invite: WireInvite) {
  return {
    inviteId: invite.id,
    ...termsOfInvite(invite),
    isExpired: invite.is_expired,
    emailingAttemptMade: invite.emailing_attempt_made ?? false,
    createdAt: invite.created_at,
    updatedAt: invite.updated_at ?? null,
    createdBy: userSummary(invite.created_by),
    status: invite.is_expired ? ("expired" as const) : ("pending" as const),
  };
}

/** A server invite -> outputs. Terms come from PostHog; the provider-side settings from the inputs. */
export function inviteOutputs(invite: WireInvite, organizationId: string, inputs: Json): Outputs {
  return {
    organizationId,
    ...inviteFacts(invite),
    ...settingsOf(inputs),
    memberId: null,
    userUuid: null,
    declared: declaredInputs(inputs),
  };
}

/** What the member list says about an accepted person: their membership, and the level they have now. */
export function membershipFacts(member: WireMember): {
  memberId: string;
  userUuid: string;
  level: InviteLevel;
} {
  return { memberId: member.id, userUuid: member.user.uuid, level: levelName(member.level) };
}

/**
 * The person was already a member when the invite was declared: nothing was sent. The level is the member's
 * actual one, so a declared level that differs shows as an update on the next preview.
 */
export function memberOutputs(member: WireMember, organizationId: string, inputs: Json): Outputs {
  return {
    organizationId,
    ...termsOf(inputs),
    ...settingsOf(inputs),
    inviteId: null,
    ...membershipFacts(member),
    isExpired: false,
    emailingAttemptMade: false,
    createdAt: null,
    updatedAt: null,
    createdBy: null,
    status: "accepted",
    declared: declaredInputs(inputs),
  };
}

/** The invite was accepted: keep what it was, mark it accepted, and report the member's level as it is now. */
export function acceptedOutputs(previous: Json, member: WireMember): Json {
  return { ...previous, status: "accepted", isExpired: false, ...membershipFacts(member) };
}

export const MEMBER_ID_PREFIX = "member:";

export function memberEmail(member: WireMember): string {
  return normaliseEmail(member.user.email);
}

export interface InviteDiff {
  changes: boolean;
  replaces: string[];
}

/** The terms (not the email) a step changes or may change (not known yet in a preview). */
export function changedTerms(olds: Json, news: Json): (keyof InviteTerms)[] {
  const before = termsOf(olds);
  const after = termsOf(news);
  return TERM_KEYS.filter(
    (key) => key !== "targetEmail" && (containsUnknown(news[key]) || !sameTerm(key, before, after)),
  );
}

/**
 * What a change of inputs means. Only another person (email) or organization replaces the resource. Any other
 * change of terms is an update, decided at `up` because a preview cannot know without a request whether the
 * person has accepted since the last refresh: a pending invite is then re-sent with the new terms (PostHog has
 * no invite update), a membership gets its level PATCHed (apply.ts, `update`). A replacement there would be
 * unsafe: its delete of the old invite could not tell "accepted since" from "removed from the program", and
 * with removeMemberOnDelete it would remove the member the replacement had just found. An expired invite is
 * replaced (re-sent) when renewWhenExpired is on. sendEmail/renewWhenExpired/adopt are only recorded.
 */
export function inviteDiff(olds: Json, news: Json, newOrganization: string): InviteDiff {
  const replaces: string[] = [];
  if (newOrganization !== CURRENT && newOrganization !== olds.organizationId) replaces.push("organizationId");
  if (containsUnknown(news.targetEmail) || termsOf(olds).targetEmail !== termsOf(news).targetEmail)
    replaces.push("targetEmail");
  const recorded = changedTerms(olds, news).length > 0;
  const settings = settingsOf(news);
  if (olds.status === "expired" && settings.renewWhenExpired && replaces.length === 0)
    replaces.push("status");
  const oldSettings = settingsOf(olds);
  // A setting not known yet in a preview (typed as its default by settingsOf) may change.
  const settingsChanged = SETTING_KEYS.some(
    (key) => containsUnknown(news[key]) || settings[key] !== oldSettings[key],
  );
  return {
    changes: replaces.length > 0 || recorded || settingsChanged || declaredKeysChanged(news, olds),
    replaces,
  };
}
