// An Invite as the program declared it: the one value the provider's core (check, diff, create, update) takes.
// Both faces build it at their seam (provider.ts, which the dynamic provider's shim and the plugin's
// resources.ts both load), from the own-property copy of the engine's inputs (provider-kit/seam.ts): each input
// is parsed here, once, by its zod rule (inputs.ts), with the defaults applied, and nothing further down reads a
// raw input bag. The same parse reads an Invite's stored outputs (`termsOf`, `settingsOf`): they hold the same
// keys, as last applied.
import { declaredInputs } from "../../provider-kit/declared";
import type { Json } from "../../provider-kit/json";
import { containsUnknown } from "../../provider-kit/unknown";
import { inviteInputs, INVITE_INPUT_KEYS, normaliseEmail } from "./inputs";
import { canonicalAccess } from "./stored";
import type { InviteInputs, InviteLevel, PrivateProjectAccess } from "./types";
import { inviterOf, type Inviter } from "./inviter";

/** The invite fields a person is invited with, defaults applied. Changing any of them needs a new invite. */
export interface InviteTerms {
  targetEmail: string;
  firstName: string;
  message: string | null;
  level: InviteLevel;
  privateProjectAccess: PrivateProjectAccess[];
}

export const TERM_KEYS = ["targetEmail", "firstName", "message", "level", "privateProjectAccess"] as const;

/** Provider-side settings: recorded, never sent after create, never a reason to replace. */
export const SETTING_KEYS = ["sendEmail", "renewWhenExpired", "adopt", "removeMemberOnDelete"] as const;

export type InviteSettings = Record<(typeof SETTING_KEYS)[number], boolean>;

/** The terms in `inputs` (an Invite's inputs, or its stored outputs), defaults applied. */
export function termsOf(inputs: Json): InviteTerms {
  const typed = inviteInputs(inputs);
  return {
    // Kept even when not (yet) a valid address: a preview-unknown email must still differ from the stored one.
    targetEmail: normaliseEmail(typeof inputs.targetEmail === "string" ? inputs.targetEmail : ""),
    firstName: typed.firstName ?? "",
    message: typed.message || null,
    level: typed.level ?? "member",
    privateProjectAccess: canonicalAccess(inputs.privateProjectAccess),
  };
}

/** The settings in `inputs` (an Invite's inputs, or its stored outputs), defaults applied. */
export function settingsOf(inputs: Json): InviteSettings {
  const typed = inviteInputs(inputs);
  return {
    sendEmail: typed.sendEmail ?? true,
    renewWhenExpired: typed.renewWhenExpired ?? true,
    adopt: typed.adopt ?? false,
    removeMemberOnDelete: typed.removeMemberOnDelete ?? false,
  };
}

/** The top-level inputs of `inputs` that hold a value a preview does not know yet. */
export function unknownInputs(inputs: Json, keys: readonly string[]): ReadonlySet<string> {
  return new Set(keys.filter((key) => containsUnknown(inputs[key])));
}

export interface InviteDeclaration {
  /** The inputs as the engine handed them (own keys only, `__provider` kept): what check validates and returns. */
  readonly inputs: Json;
  /** What the program declared: no `__provider`, no undefined (kept in the outputs as `declared`). */
  readonly declared: Json;
  /** The inputs that hold a valid value, typed by their rules. */
  readonly fields: Partial<InviteInputs>;
  /** The invite's terms, defaults applied. */
  readonly terms: InviteTerms;
  /** The provider-side settings, defaults applied. */
  readonly settings: InviteSettings;
  /** The inputs a preview does not know yet (they may change anything). */
  readonly unknown: ReadonlySet<string>;
  /** How messages name the invite: `Invite "<email>"`. */
  readonly label: string;
  /** Which resource this is, by its URN (invited-this-run.ts): how a run tells two inviters of one address apart. */
  readonly inviter: Inviter;
}

/** How messages name an invite with these inputs (or stored outputs). */
export function inviteLabel(inputs: Json): string {
  return `Invite "${typeof inputs.targetEmail === "string" ? inputs.targetEmail : "?"}"`;
}

export function declareInvite(inputs: Json): InviteDeclaration {
  return {
    inputs,
    declared: declaredInputs(inputs),
    fields: inviteInputs(inputs),
    terms: termsOf(inputs),
    settings: settingsOf(inputs),
    unknown: unknownInputs(inputs, INVITE_INPUT_KEYS),
    label: inviteLabel(inputs),
    inviter: inviterOf("Invite", inputs, inviteLabel(inputs)),
  };
}
