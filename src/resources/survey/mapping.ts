// A survey as PostHog returns it -> the resource's outputs, and -> the inputs a refresh reports. Each field's
// own rules live in fields.ts.
import type { WireFeatureFlag, WireSurvey } from "../../client";
import { userSummary } from "../../provider-kit/wire-shared";
import { withoutUndefined } from "../../provider-kit/equality";
import {
  currentValue,
  fieldMatches,
  isJson,
  outputValue,
  SURVEY_FIELD_NAMES,
  SURVEY_FIELDS,
  type SurveyField,
} from "./fields";
import type { SurveyFlag, SurveyOutputs } from "./types";

type Json = Record<string, unknown>;

/**
 * A nested flag as outputs keep it: its id, key and whether it is on, and with `filters` its conditions. The rest
 * is derivable or another object's (types.ts, SurveyFlag), and each byte here is state the file backend rewrites
 * at every step (storedOutputs): the internal flag every survey has was 580 of a survey's 3,600 bytes.
 */
function flag(wire: WireFeatureFlag | null | undefined, filters = false): SurveyFlag | null {
  if (!wire) return null;
  const kept = { id: wire.id, key: wire.key, active: wire.active ?? false };
  return filters && isJson(wire.filters) ? { ...kept, filters: wire.filters } : kept;
}

/** Server survey -> outputs (every input field, server-assigned ids, flags, who and when). */
export function surveyOutputs(survey: WireSurvey, projectId: string, declared: Json): SurveyOutputs & Json {
  const fields = Object.fromEntries(
    SURVEY_FIELD_NAMES.map((field) => [field, outputValue(field, survey, declared)]),
  );
  return withoutUndefined({
    projectId,
    surveyId: survey.id,
    ...fields,
    createdAt: survey.created_at,
    createdBy: userSummary(survey.created_by),
    linkedFlag: flag(survey.linked_flag),
    // PostHog never returns targetingFlagFilters (write-only): the flag's own are the conditions in force.
    targetingFlag: flag(survey.targeting_flag, true),
    internalTargetingFlag: flag(survey.internal_targeting_flag),
    declared,
  }) as SurveyOutputs & Json;
}

/**
 * The outputs as state keeps them: without the top-level nulls (about half of a survey's fields). Every reader of
 * stored outputs takes an absent field as null or its reset value (fields.ts, currentValue), as the plugin's schema
 * already marks every output that may be null as optional; states written with the nulls read the same. The
 * file backend rewrites the whole checkpoint at every step, so each byte per survey costs CPU that grows with N².
 */
export function storedOutputs(outputs: Json): Json {
  return Object.fromEntries(Object.entries(outputs).filter(([, value]) => value !== null));
}

/** The output names a Survey has (every one must be a prop for Pulumi to make an Output of it). */
export const SURVEY_OUTPUT_NAMES = [
  "projectId",
  "surveyId",
  ...SURVEY_FIELD_NAMES,
  "createdAt",
  "createdBy",
  "linkedFlag",
  "targetingFlag",
  "internalTargetingFlag",
] as const;

const isField = (key: string): key is SurveyField => Object.hasOwn(SURVEY_FIELDS, key);

/**
 * Inputs as the server has them now, for refresh: each declared field keeps its declared form when it still
 * matches (so no spurious diff), and takes the server's value when it drifted (so the drift shows).
 */
export function reconstructInputs(outputs: Json, declared: Json): Json {
  const inputs: Json = {};
  for (const [key, declaredValue] of Object.entries(declared)) {
    if (key === "projectId") {
      inputs.projectId = outputs.projectId;
    } else if (!isField(key)) {
      inputs[key] = declaredValue; // adopt and other provider-only inputs
    } else {
      const current = currentValue(key, outputs);
      inputs[key] = fieldMatches(key, declaredValue, current) ? declaredValue : current;
    }
  }
  return withoutUndefined(inputs);
}
