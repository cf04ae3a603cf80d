// What an `up` did for an Invite or an InviteBatch, said once after the step, in the past tense: whether an
// invitation went out (and whether PostHog emailed it: `emailing_attempt_made`, set when the instance can send
// email and `send_email` is not false, posthog/api/organization_invite.py, OrganizationInviteSerializer.create), or
// only a membership's level changed. The preview's future-tense notice (reinvite-warning.ts) is the other half.
import type { WireInvite } from "../../client";
import { inform } from "../../provider-kit/warn";
import { levelName } from "./mapping";
import type { InviteLevel } from "./types";

const NO_EMAIL = "no email went out (sendEmail is false, or this PostHog cannot send email)";

const emailNote = (invite: WireInvite): string =>
  invite.emailing_attempt_made === true ? "PostHog emailed it" : NO_EMAIL;

/** A new invitation: `Invite "bob@example.com": sent an invitation to bob@example.com as member; PostHog emailed it.` */
export function saySent(resource: string, invite: WireInvite): void {
  inform(
    `${resource}: sent an invitation to ${invite.target_email} as ${levelName(invite.level)}; ${emailNote(invite)}.`,
  );
}

/** A pending invite replaced by one with new terms. */
export function sayResent(resource: string, invite: WireInvite, replaced: string): void {
  inform(
    `${resource}: re-sent the invitation to ${invite.target_email} as ${levelName(invite.level)}, replacing the ` +
      `pending one (invite ${replaced} is now ${invite.id}); ${emailNote(invite)}.`,
  );
}

/** A member's level PATCHed. */
export function sayLevelChanged(resource: string, email: string, level: InviteLevel): void {
  inform(`${resource}: changed ${email} to ${level} (already a member; no email).`);
}

/** A batch's invitations of one step, new and re-sent, in one line each kind. */
export function sayBatchSent(
  resource: string,
  sent: readonly WireInvite[],
  resent: ReadonlySet<string>,
): void {
  const lines: string[] = [];
  for (const again of [false, true]) {
    const invites = sent.filter((i) => resent.has(i.target_email.toLowerCase()) === again);
    if (invites.length === 0) continue;
    const emails = invites.map((i) => i.target_email);
    const emailed = invites.filter((i) => i.emailing_attempt_made === true).map((i) => i.target_email);
    const n = invites.length;
    const what = again
      ? `re-sent ${n === 1 ? "the invitation" : `${n} invitations`} to ${emails.join(", ")}, replacing the pending ${n === 1 ? "one" : "ones"}`
      : `sent ${n === 1 ? "an invitation" : `${n} invitations`} to ${emails.join(", ")}`;
    const mail =
      emailed.length === n
        ? n === 1
          ? "PostHog emailed it"
          : `PostHog emailed all ${n}`
        : emailed.length === 0
          ? NO_EMAIL
          : `PostHog emailed ${emailed.length} of them: ${emailed.join(", ")}`;
    lines.push(`${resource}: ${what}; ${mail}.`);
  }
  for (const line of lines) inform(line);
}
