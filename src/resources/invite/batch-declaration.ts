// An InviteBatch as the program declared it: the one value the provider's core (check, diff, create, update)
// takes, built at the seam both faces share (batch-provider.ts) from the own-property copy of the engine's inputs
// (provider-kit/seam.ts). The people and the batch's settings are parsed here, once, by their zod rules
// (inputs.ts), with the defaults applied; nothing further down reads a raw input bag.
import { declaredInputs } from "../../provider-kit/declared";
import { isRecord, type Json } from "../../provider-kit/json";
import { batchInputs, BATCH_INPUT_KEYS, normaliseEmail, personInputs } from "./inputs";
import { unknownInputs } from "./declaration";
import { canonicalAccess } from "./stored";
import type { AppliedPerson, InviteBatchInputs } from "./types";
import { inviterOf, type Inviter } from "./inviter";

/** A declared person with defaults applied. */
export function appliedPerson(person: Json): AppliedPerson {
  const typed = personInputs(person);
  return {
    targetEmail: normaliseEmail(typeof person.targetEmail === "string" ? person.targetEmail : ""),
    firstName: typed.firstName ?? "",
    level: typed.level ?? "member",
    privateProjectAccess: canonicalAccess(person.privateProjectAccess),
    ...(typed.removeMemberOnDelete === undefined ? {} : { removeMemberOnDelete: typed.removeMemberOnDelete }),
  };
}

/** The batch's settings other than the people, defaults applied (a type, so it reads as a plain record). */
export type BatchSettings = {
  message: string | null;
  sendEmail: boolean;
  removeMemberOnDelete: boolean;
};

/** The settings in `inputs`, defaults applied (also the defaults the reference docs show). */
export function batchSettings(inputs: Json): BatchSettings {
  const typed = batchInputs(inputs);
  return {
    message: typed.message || null,
    sendEmail: typed.sendEmail ?? true,
    removeMemberOnDelete: typed.removeMemberOnDelete ?? false,
  };
}

export interface InviteBatchDeclaration {
  /** The inputs as the engine handed them (own keys only, `__provider` kept): what check validates and returns. */
  readonly inputs: Json;
  /** What the program declared: no `__provider`, no undefined. */
  readonly declared: Json;
  /** The top-level inputs other than the people that hold a valid value, typed by their rules. */
  readonly fields: Partial<Omit<InviteBatchInputs, "invites">>;
  /** The people, in declaration order, defaults applied (an entry that is not an object is left out). */
  readonly people: AppliedPerson[];
  /** The batch's settings, defaults applied. */
  readonly settings: BatchSettings;
  /** The inputs a preview does not know yet (they may change anything). */
  readonly unknown: ReadonlySet<string>;
  /** How messages name the batch. */
  readonly label: string;
  /** Which resource this is, by its URN (invited-this-run.ts): how a run tells two inviters of one address apart. */
  readonly inviter: Inviter;
}

export function declareInviteBatch(inputs: Json): InviteBatchDeclaration {
  return {
    inputs,
    declared: declaredInputs(inputs),
    fields: batchInputs(inputs),
    people: Array.isArray(inputs.invites) ? inputs.invites.filter(isRecord).map(appliedPerson) : [],
    settings: batchSettings(inputs),
    unknown: unknownInputs(inputs, BATCH_INPUT_KEYS),
    label: "InviteBatch",
    inviter: inviterOf("InviteBatch", inputs, "InviteBatch"),
  };
}
