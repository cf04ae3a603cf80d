// The checks `pulumi preview` runs on a resource's arguments, for a program's own unit tests. Under
// pulumi.runtime.setMocks no provider is called, so a survey PostHog would refuse passes there unnoticed; these
// give such a test the same answer preview gives. They load no HTTP client and send nothing.
import * as pulumi from "@pulumi/pulumi";
import { checkSurvey } from "./resources/survey/preview";
import { declareSurvey } from "./resources/survey/declaration";
import { ownProperties } from "./provider-kit/seam";
import { normaliseTexts, validateBatchInputs, validateInviteInputs } from "./resources/invite/inputs";
import { UNKNOWN } from "./provider-kit/unknown";
import { isRecord } from "./provider-kit/json";
import type { SurveyArgs } from "./resources/survey/survey";
import type { InviteArgs } from "./resources/invite/invite";
import type { InviteBatchArgs } from "./resources/invite/invite-batch";

/** A problem preview would report: the top-level input it is about, and what to fix. */
export interface InputProblem {
  property: string;
  reason: string;
}

/**
 * The arguments as the provider receives them: a Date as its ISO string; an Output or a Promise, whose value a
 * test does not have yet, as "not known yet" (preview checks such a value at `up`).
 */
function asInputs(args: object): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined) continue;
    if (value instanceof Date) inputs[key] = value.toISOString();
    else if (pulumi.Output.isInstance(value) || value instanceof Promise) inputs[key] = UNKNOWN;
    else inputs[key] = value;
  }
  return inputs;
}

/**
 * The problems `pulumi preview` would report for a new Survey with these arguments, or [] when it would accept
 * them. For example, in a unit test: `expect(validateSurvey(args)).toEqual([])`.
 */
export function validateSurvey(args: SurveyArgs): InputProblem[] {
  // The seam both faces parse through first (own keys only; __proto__ refused), then check.
  const { value, failures } = ownProperties(asInputs(args));
  if (failures.length > 0) return failures;
  return checkSurvey({}, declareSurvey(value)).failures;
}

/** The problems `pulumi preview` would report for an Invite with these arguments, or []. */
export function validateInvite(args: InviteArgs): InputProblem[] {
  return validateInviteInputs(normaliseTexts(asInputs(args)));
}

/** The problems `pulumi preview` would report for an InviteBatch with these arguments, or []. */
export function validateInviteBatch(args: InviteBatchArgs): InputProblem[] {
  const inputs = normaliseTexts(asInputs(args));
  if (Array.isArray(inputs.invites))
    inputs.invites = inputs.invites.map((person: unknown) =>
      isRecord(person) ? normaliseTexts(person) : person,
    );
  return validateBatchInputs(inputs);
}
