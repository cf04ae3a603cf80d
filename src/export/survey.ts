// A survey as PostHog has it -> the Survey arguments that declare it: only fields that differ from PostHog's
// defaults, each in the form the provider compares with (so the first preview after adoption shows no change).
import type { WireSurvey } from "../client";
import { validateSurveyInputs } from "../model/input/survey";
import { deepEqualLoose } from "../resources/common/equality";
import { currentValue, type WireField } from "../resources/survey/mapping";
import type { Literal } from "./literal";

/** Fields a new survey has unless told otherwise: left out of the program. */
const DEFAULTS: Partial<Record<WireField, unknown>> = {
  description: "",
  linkedFlagId: null,
  targetingFlagId: null,
  questions: [],
  conditions: {},
  appearance: {},
  startDate: null,
  endDate: null,
  archived: false,
  schedule: "once",
  responsesLimit: null,
  iterationCount: null,
  iterationFrequencyDays: null,
  enablePartialResponses: false,
};

/** Exported in this order. The write-only inputs (targetingFlagFilters, removeTargetingFlag) cannot be read back. */
const FIELDS: WireField[] = [
  "name",
  "description",
  "type",
  "linkedFlagId",
  "targetingFlagId",
  "questions",
  "conditions",
  "appearance",
  "startDate",
  "endDate",
  "archived",
  "schedule",
  "responsesLimit",
  "iterationCount",
  "iterationFrequencyDays",
  "enablePartialResponses",
];

export interface ExportedSurvey {
  args: { [key: string]: Literal };
  /** Fields left out because the provider would reject the value PostHog holds, with the reason. */
  skipped: string[];
}

function isDefault(field: WireField, value: unknown): boolean {
  if (!(field in DEFAULTS)) return false;
  const empty = DEFAULTS[field];
  // null, an empty object and an empty list all mean "nothing set" for the JSON fields.
  if (field === "conditions" || field === "appearance") return value === null || deepEqualLoose(value, empty);
  return deepEqualLoose(value, empty);
}

/** A question with its identifying keys first (id, type, question), the rest as PostHog has them. */
function readableQuestion(question: { [key: string]: Literal }): { [key: string]: Literal } {
  const { id, type, question: text, ...rest } = question;
  return { id, type, question: text, ...rest };
}

/** `{name, type, …}` for one survey (projectId and adopt are added by the caller). */
export function surveyArgs(survey: WireSurvey): ExportedSurvey {
  const args: { [key: string]: Literal } = {};
  for (const field of FIELDS) {
    const value = currentValue(field, survey, {});
    if (value === undefined || isDefault(field, value)) continue;
    args[field] =
      field === "questions"
        ? (value as { [key: string]: Literal }[]).map(readableQuestion)
        : (value as Literal);
  }
  // Keep the program valid: a value the provider's check would reject is left out (the survey keeps it).
  const skipped: string[] = [];
  for (const failure of validateSurveyInputs(args)) {
    const field = failure.property.split(/[.[]/)[0];
    if (field === "name" || field === "type" || !(field in args)) continue;
    delete args[field];
    skipped.push(`${field}: ${failure.reason}`);
  }
  return { args, skipped };
}
