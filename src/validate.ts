// The checks `pulumi preview` runs on a resource's arguments, for a program's own unit tests. Under
// pulumi.runtime.setMocks no provider is called, so a survey PostHog would refuse passes there unnoticed; these
// give such a test the same answer preview gives. They load no HTTP client and send nothing.
import * as pulumi from "@pulumi/pulumi";
import { checkSurvey } from "./resources/survey/preview";
import { declareSurvey } from "./resources/survey/declaration";
import { ownProperties } from "./provider-kit/seam";
import { checkInvite } from "./resources/invite/preview";
import { declareInvite } from "./resources/invite/declaration";
import { checkInviteBatch } from "./resources/invite/batch-preview";
import { declareInviteBatch } from "./resources/invite/batch-declaration";
import type { Json } from "./provider-kit/json";
import type { CheckFailure } from "./provider-kit/check-failures";
import { UNKNOWN } from "./provider-kit/unknown";
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
  return atTheSeam(args, (inputs) => checkSurvey({}, declareSurvey(inputs)).failures);
}

/** The problems `pulumi preview` would report for an Invite with these arguments, or []. */
export function validateInvite(args: InviteArgs): InputProblem[] {
  return atTheSeam(args, (inputs) => checkInvite(declareInvite(inputs)).failures ?? []);
}

/** The problems `pulumi preview` would report for an InviteBatch with these arguments, or []. */
export function validateInviteBatch(args: InviteBatchArgs): InputProblem[] {
  return atTheSeam(args, (inputs) => checkInviteBatch(declareInviteBatch(inputs)).failures ?? []);
}

/** The seam both faces parse through first (own keys only; __proto__ refused), then the resource's check. */
function atTheSeam(args: object, check: (inputs: Json) => readonly CheckFailure[]): InputProblem[] {
  const { value, failures } = ownProperties(asInputs(args));
  return failures.length > 0 ? failures : [...check(value)];
}
