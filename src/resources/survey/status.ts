// A survey's lifecycle status as PostHog's UI names it, read from its two dates alone (not from the clock): no
// start date is a draft; a start date without an end date is running (a future start date is a scheduled
// launch); an end date means stopped (a future one is a scheduled stop). Being time-independent, the status
// never drifts just because a scheduled date passes.
// PostHog: frontend/src/scenes/surveys/surveysLogic.tsx, getSurveyStatus (draft / running / complete).
import type { SurveyStatus } from "./types";

export function statusOf(startDate: unknown, endDate: unknown): SurveyStatus {
  if (startDate === null || startDate === undefined) return "draft";
  return endDate === null || endDate === undefined ? "running" : "stopped";
}

/** What PostHog creates: a survey without dates is a draft until launched. */
export const NEW_SURVEY_STATUS: SurveyStatus = "draft";
