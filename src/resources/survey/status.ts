// A survey's lifecycle status as PostHog's UI names it, read from its two dates and what the program declared,
// never from the clock: no start date is a draft; a start date without an end date is running (a future start
// date is a scheduled launch); an end date means stopped, except the end date the program declared together
// with status "running": that one is a scheduled stop the program asked for, so the survey reads running.
// Being time-independent, the status never drifts just because a scheduled date passes: a program declaring
// `status: "running", endDate: X` shows no diff before or after X (docs/guides/survey-lifecycle.md).
// PostHog: frontend/src/scenes/surveys/surveysLogic.tsx, getSurveyStatus (draft / running / complete).
import { sameInstant } from "../../provider-kit/equality";
import { SURVEY_STATUSES, type SurveyStatus } from "./types";

/** What status reading needs of a declaration: typed (SurveyFields) or as kept in outputs (`declared`). */
export interface DeclaredStop {
  readonly status?: unknown;
  readonly endDate?: unknown;
}

/** Whether `endDate` is the scheduled stop of a survey the program declares running. */
export function isScheduledStop(endDate: unknown, declared: DeclaredStop): boolean {
  return (
    declared.status === "running" &&
    typeof declared.endDate === "string" &&
    sameInstant(endDate, declared.endDate)
  );
}

export function statusOf(startDate: unknown, endDate: unknown, declared: DeclaredStop = {}): SurveyStatus {
  if (startDate === null || startDate === undefined) return "draft";
  if (endDate === null || endDate === undefined) return "running";
  return isScheduledStop(endDate, declared) ? "running" : "stopped";
}

/** A value read from inputs or state as a status, if it is one. */
export const asStatus = (value: unknown): SurveyStatus | undefined =>
  SURVEY_STATUSES.find((s) => s === value);

/** What PostHog creates: a survey without dates is a draft until launched. */
export const NEW_SURVEY_STATUS: SurveyStatus = "draft";
