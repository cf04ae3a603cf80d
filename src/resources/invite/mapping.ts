// Invite inputs <-> PostHog wire shapes: level names <-> numbers, defaults, the write body, how a server invite
// (or a member, once accepted) reads back as outputs, and which input changes force a new invite.
import type { InviteWriteBody, WireInvite, WireMember } from "../../client";
import { LEVEL_NUMBERS, normaliseEmail } from "./inputs";
import { CURRENT } from "../../scope";
import { deepEqualLoose, withoutUndefined } from "../../provider-kit/equality";
import type { InviteLevel, InviteOutputs } from "./types";
import { declaredKeysChanged } from "../../provider-kit/declared";
import { userSummary } from "../../provider-kit/wire-shared";

import type { Json } from "../../provider-kit/json";
import { canonicalAccess } from "./stored";
import {
  SETTING_KEYS,
  settingsOf,
  TERM_KEYS,
  termsOf,
  type InviteDeclaration,
  type InviteSettings,
  type InviteTerms,
} from "./declaration";

export function levelName(level: number | null | undefined): InviteLevel {
  if (level === 15) return "owner";
  if (level === 8) return "admin";
  return "member";
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

/**
 * A server invite -> outputs. Terms come from PostHog; the provider-side settings and the `declared` record from
 * the program (or, on a read, from the state).
 */
export function inviteOutputs(
  invite: WireInvite,
  organizationId: string,
  settings: InviteSettings,
  declared: Json,
): Outputs {
  return { organizationId, ...inviteFacts(invite), ...settings, memberId: null, userUuid: null, declared };
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
export function memberOutputs(member: WireMember, organizationId: string, news: InviteDeclaration): Outputs {
  return {
    organizationId,
    ...news.terms,
    ...news.settings,
    inviteId: null,
    ...membershipFacts(member),
    isExpired: false,
    emailingAttemptMade: false,
    createdAt: null,
    updatedAt: null,
    createdBy: null,
    status: "accepted",
    declared: news.declared,
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

/** The terms (not the email) a step changes from the stored outputs, or may change (not known yet in a preview). */
export function changedTerms(olds: Json, news: InviteDeclaration): (keyof InviteTerms)[] {
  const before = termsOf(olds);
  return TERM_KEYS.filter(
    (key) => key !== "targetEmail" && (news.unknown.has(key) || !sameTerm(key, before, news.terms)),
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
export function inviteDiff(olds: Json, news: InviteDeclaration, newOrganization: string): InviteDiff {
  const replaces: string[] = [];
  if (newOrganization !== CURRENT && newOrganization !== olds.organizationId) replaces.push("organizationId");
  if (news.unknown.has("targetEmail") || termsOf(olds).targetEmail !== news.terms.targetEmail)
    replaces.push("targetEmail");
  const recorded = changedTerms(olds, news).length > 0;
  const { settings } = news;
  if (olds.status === "expired" && settings.renewWhenExpired && replaces.length === 0)
    replaces.push("status");
  const oldSettings = settingsOf(olds);
  // A setting not known yet in a preview (typed as its default by settingsOf) may change.
  const settingsChanged = SETTING_KEYS.some(
    (key) => news.unknown.has(key) || settings[key] !== oldSettings[key],
  );
  return {
    changes: replaces.length > 0 || recorded || settingsChanged || declaredKeysChanged(news.declared, olds),
    replaces,
  };
}
