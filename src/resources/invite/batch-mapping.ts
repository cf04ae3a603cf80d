// InviteBatch planning, kept pure: who must be invited (new or changed), who must be uninvited, who is
// untouched. People are identified by their lowercased email.
import type { InviteWriteBody, WireInvite } from "../../client";
import { normaliseEmail } from "../../model/input/invite";
import { deepEqualLoose } from "../common/equality";
import { canonicalAccess, isPendingInviteWith, TERM_KEYS, writeBody } from "./mapping";
import type { AppliedPerson, BatchInvitation, InviteBatchOutputs, InviteLevel } from "./types";

type Json = Record<string, unknown>;

/** A declared person with defaults applied. */
export function appliedPerson(person: Json): AppliedPerson {
  return {
    targetEmail: normaliseEmail(String(person.targetEmail)),
    firstName: (person.firstName as string | undefined) ?? "",
    level: (person.level as InviteLevel | undefined) ?? "member",
    privateProjectAccess: canonicalAccess(person.privateProjectAccess),
  };
}

export function declaredPeople(inputs: Json): AppliedPerson[] {
  return Array.isArray(inputs.invites) ? (inputs.invites as Json[]).map(appliedPerson) : [];
}

export function batchMessage(inputs: Json): string | null {
  return (inputs.message as string | null | undefined) || null;
}

export function batchSendEmail(inputs: Json): boolean {
  return (inputs.sendEmail as boolean | undefined) ?? true;
}

export function samePerson(a: AppliedPerson, b: AppliedPerson): boolean {
  return deepEqualLoose(a, b);
}

export interface BatchPlan {
  /** New people, changed people, and people whose invite disappeared: one new invite each. */
  invite: AppliedPerson[];
  /** People no longer declared: their pending invite is deleted (members are never removed). */
  uninvite: string[];
  /** Declared and already applied as declared (or accepted): no request. */
  keep: AppliedPerson[];
}

export function planBatch(olds: Partial<InviteBatchOutputs>, news: Json): BatchPlan {
  const applied = new Map((olds.invites ?? []).map((p) => [p.targetEmail, p]));
  const invitations = olds.invitations ?? {};
  const plan: BatchPlan = { invite: [], uninvite: [], keep: [] };
  const declared = declaredPeople(news);
  for (const person of declared) {
    const before = applied.get(person.targetEmail);
    const state = invitations[person.targetEmail];
    // A member needs no invite, whatever changed; anything else is re-invited when its terms change.
    if (before && state && (state.status === "accepted" || samePerson(before, person)))
      plan.keep.push(person);
    else plan.invite.push(person);
  }
  const wanted = new Set(declared.map((p) => p.targetEmail));
  for (const email of new Set([...applied.keys(), ...Object.keys(invitations)])) {
    if (!wanted.has(email)) plan.uninvite.push(email);
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
