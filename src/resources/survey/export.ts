// A survey as PostHog has it -> the Survey arguments that declare it: only fields that differ from PostHog's
// defaults, each in the form the provider compares with (so the first preview after adoption shows no change).
import type { WireSurvey } from "../../client";
import { FLAG_KEY_INPUTS } from "./inputs";
import { validateSurveyInputs } from "./validate";
import { deepEqualLoose } from "../../provider-kit/equality";
import { currentValue, isWriteOnly, resetValue, SURVEY_FIELD_NAMES, type SurveyField } from "./fields";
import { surveyOutputs } from "./mapping";
import { declaredSetting } from "./settings/extra";
import { NEW_SURVEY_STATUS } from "./status";
import { isLiteral, isObject, type Literal } from "../../provider-kit/literal";

/** Exported in declaration order; the write-only inputs (targetingFlagFilters, removeTargetingFlag) cannot be read back. */
const FIELDS = SURVEY_FIELD_NAMES.filter((field) => !isWriteOnly(field));

export interface ExportedSurvey {
  args: { [key: string]: Literal };
  /** Fields left out because the provider would reject the value PostHog holds, with the reason. */
  skipped: string[];
}

function isDefault(field: SurveyField, value: unknown): boolean {
  if (field === "status") return value === NEW_SURVEY_STATUS;
  const reset = resetValue(field);
  if (reset === undefined) return false; // name and type are always declared
  // null and an empty object both mean "nothing set" for the JSON fields.
  if (field === "conditions" || field === "appearance") return value === null || deepEqualLoose(value, {});
  return deepEqualLoose(value, reset);
}

/** A question with its identifying keys first (id, type, question), the rest as PostHog has them. */
function readableQuestion(question: { [key: string]: Literal }): { [key: string]: Literal } {
  const { id, type, question: text, ...rest } = question;
  return { id, type, question: text, ...rest };
}

/** `{name, type, …}` for one survey (projectId and adopt are added by the caller). */
export function surveyArgs(survey: WireSurvey, now = Date.now()): ExportedSurvey {
  return surveyArgsOf(surveyOutputs(survey, "", {}), now);
}

/** The same from a Survey's outputs (an import reads them through the provider's own read). */
export function surveyArgsOf(outputs: Record<string, unknown>, now = Date.now()): ExportedSurvey {
  const args: { [key: string]: Literal } = {};
  for (const field of FIELDS) {
    // Keys of PostHog's settings that the provider does not type go in their `extra` (settings/extra.ts).
    const current = currentValue(field, outputs);
    const value =
      field === "appearance" || field === "conditions" || field === "questions"
        ? declaredSetting(field, current)
        : current;
    if (value === undefined || isDefault(field, value) || !isLiteral(value)) continue;
    args[field] =
      field === "questions" && Array.isArray(value)
        ? value.map((question) => (isObject(question) ? readableQuestion(question) : question))
        : value;
  }
  // A survey stopped by an end date still to come is running until then: that is status "running" with the
  // endDate (status.ts reads it so once declared), and check refuses "stopped" with a future endDate.
  if (args.status === "stopped" && typeof args.endDate === "string" && Date.parse(args.endDate) > now) {
    args.status = "running";
  }
  // Flags by key, not id: ids differ between projects and hosts, so a program with keys can be applied elsewhere.
  for (const [idInput, keyInput] of Object.entries(FLAG_KEY_INPUTS)) {
    if (args[keyInput] !== undefined) delete args[idInput];
  }
  // Keep the program valid: a value the provider's check would reject is left out (the survey keeps it).
  const skipped: string[] = [];
  // Judged as the adopting program it becomes (a few rules let an adopted survey keep what PostHog holds).
  for (const failure of validateSurveyInputs({ ...args, adopt: { id: "adopted" } })) {
    const field = failure.property.split(/[.[]/)[0];
    if (field === "name" || field === "type" || !(field in args)) continue;
    delete args[field];
    skipped.push(`${field}: ${failure.reason}`);
  }
  return { args, skipped };
}
