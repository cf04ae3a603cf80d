// A Survey as the program declared it: the one value the provider's core (check, diff, create, update) takes.
// Both faces build it at their seam (provider.ts for the dynamic providers, the plugin's resources.ts), from the
// own-property copy of the engine's inputs (provider-kit/seam.ts), so a field or option is parsed here, once,
// by its row's rule, and nothing further down reads a raw input bag.
import { declaredInputs } from "../../provider-kit/declared";
import {
  IDENTITY_INPUT,
  identityFromUrn,
  STACK_MARK_INPUT,
  urnOf,
  type ResourceIdentity,
  isStackMark,
} from "../../ownership";
import type { Json } from "../../provider-kit/json";
import { parseFields } from "./fields";
import type { SurveyFields, SurveyOptions } from "./types";
import { parseOptions } from "./validate";

export interface SurveyDeclaration {
  /** The inputs as the engine handed them (own keys only, `__provider` kept): what check validates and returns. */
  readonly inputs: Json;
  /** What the program declared: no `__provider`, no undefined (kept in the outputs as `declared`). */
  readonly declared: Json;
  /** The fields that hold a valid value, typed by their rows' rules. */
  readonly fields: Partial<SurveyFields>;
  /** The provider's own inputs (projectId as a string, adopt), typed. */
  readonly options: Partial<SurveyOptions>;
  /** How messages name the survey: `Survey "<name>"`. */
  readonly label: string;
  /** Which resource of which stack this is (ownership/identity.ts): what its create marks the survey with. */
  readonly owner?: ResourceIdentity;
  /** The resource's URN, when the face gave it: the holder of what it adopts (ownership/claims.ts). */
  readonly urn?: string;
}

export function declareSurvey(inputs: Json): SurveyDeclaration {
  const fields = parseFields(inputs);
  return {
    inputs,
    declared: declaredInputs(inputs),
    fields,
    options: parseOptions(inputs),
    label: `Survey "${fields.name ?? "?"}"`,
    ...ownerOf(inputs),
    ...urnOf(inputs),
  };
}

function ownerOf(inputs: Json): { owner?: ResourceIdentity } {
  const owner = identityFromUrn(inputs[IDENTITY_INPUT]);
  if (!owner) return {};
  const mark = inputs[STACK_MARK_INPUT];
  // A mark not yet known (a preview before the stack's mark exists) is no mark: only a create reads it.
  return { owner: typeof mark === "string" && isStackMark(mark) ? { ...owner, mark } : owner };
}
