// InviteBatch planning, kept pure: who must be invited (new or changed), who must be uninvited, who is
// untouched. People are identified by their lowercased email.
import type { InviteWriteBody, WireInvite } from "../../client";
import { deepEqualLoose } from "../../provider-kit/equality";
import { isPendingInviteWith, writeBody } from "./mapping";
import { TERM_KEYS } from "./declaration";
import type { InviteBatchDeclaration } from "./batch-declaration";
import type { AppliedPerson, BatchInvitation, InviteBatchOutputs } from "./types";

/** Whether removing this person removes their membership: their own setting, else the batch's. */
export function removesMember(person: AppliedPerson | undefined, batchSetting: boolean): boolean {
  return person?.removeMemberOnDelete ?? batchSetting;
}

/** The invite terms of `b` that differ from `a`'s (removeMemberOnDelete is not one: changing it sends nothing). */
export function changedPersonTerms(a: AppliedPerson, b: AppliedPerson): string[] {
  const { removeMemberOnDelete: _a, ...termsA } = a;
  const { removeMemberOnDelete: _b, ...termsB } = b;
  const keys = [...new Set([...Object.keys(termsA), ...Object.keys(termsB)])] as (keyof typeof termsA)[];
  return keys.filter((key) => !deepEqualLoose(termsA[key], termsB[key]));
}

/** The same invite terms. */
export function samePerson(a: AppliedPerson, b: AppliedPerson): boolean {
  return changedPersonTerms(a, b).length === 0;
}

export interface BatchPlan {
  /** New people, changed people, and people whose invite disappeared: one new invite each. */
  invite: AppliedPerson[];
  /** People no longer declared: their pending invite is deleted. */
  uninvite: string[];
  /** Of `uninvite`, the members whose membership is deleted too (removeMemberOnDelete). */
  removeMember: string[];
  /** Members whose declared level differs from the level they have: one PATCH each. */
  relevel: AppliedPerson[];
  /** Declared and already applied as declared (or accepted, level unchanged): no request. */
  keep: AppliedPerson[];
}

export function planBatch(olds: Partial<InviteBatchOutputs>, news: InviteBatchDeclaration): BatchPlan {
  const applied = new Map((olds.invites ?? []).map((p) => [p.targetEmail, p]));
  const invitations = olds.invitations ?? {};
  const plan: BatchPlan = { invite: [], uninvite: [], removeMember: [], relevel: [], keep: [] };
  const declared = news.people;
  for (const person of declared) {
    const before = applied.get(person.targetEmail);
    const accepted = invitations[person.targetEmail]?.status === "accepted";
    // A member is never invited again: only their level reaches PostHog. Anyone else is re-invited when the
    // terms change.
    if (before && accepted) (before.level === person.level ? plan.keep : plan.relevel).push(person);
    else if (before && invitations[person.targetEmail] && samePerson(before, person)) plan.keep.push(person);
    else plan.invite.push(person);
  }
  const wanted = new Set(declared.map((p) => p.targetEmail));
  const batchSetting = news.settings.removeMemberOnDelete;
  for (const email of new Set([...applied.keys(), ...Object.keys(invitations)])) {
    if (wanted.has(email)) continue;
    plan.uninvite.push(email);
    if (removesMember(applied.get(email), batchSetting)) plan.removeMember.push(email);
  }
  return plan;
}

export function personBody(
  person: AppliedPerson,
  message: string | null,
  sendEmail: boolean,
): InviteWriteBody {
  return writeBody({ ...person, message }, sendEmail);
}

export function invitationOf(invite: WireInvite): BatchInvitation {
  return {
    inviteId: invite.id,
    status: invite.is_expired ? "expired" : "pending",
    isExpired: invite.is_expired,
    createdAt: invite.created_at,
  };
}

/**
 * The terms that identify a batch person's invite. A batch's `message` is deliberately not among them: changing
 * the message applies to people invited from then on and re-sends nothing (InviteBatchInputs.message), so an
 * invite sent with an earlier message is still that person's invite.
 */
export const BATCH_PERSON_TERMS = TERM_KEYS.filter((key) => key !== "message");

/** Whether a listed invite is the one we would create for `person` (used to recover a lost bulk response). */
export function isInviteFor(invite: WireInvite, person: AppliedPerson): boolean {
  return isPendingInviteWith(invite, { ...person, message: null }, BATCH_PERSON_TERMS);
}
