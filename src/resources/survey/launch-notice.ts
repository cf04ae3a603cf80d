// What a preview says when the survey goes live: one line on what users will see, since the inputs diff shows only
// `status: "draft" => "running"`. A survey is live in PostHog while it has a start date and no end date (status.ts;
// PostHog's frontend/src/scenes/surveys/surveysLogic.tsx, getSurveyStatus), and posthog-js shows a live survey to
// the users its conditions, linked flag and rollout select (PostHog's survey flags follow the launch:
// products/surveys/backend/api/survey.py, _should_survey_flags_be_active).
import type { Json } from "../../provider-kit/json";
import { lastDeclared } from "../../provider-kit/declared";
import { asStatus, NEW_SURVEY_STATUS, statusOf } from "./status";

const TARGETING = "the users its targeting selects (its conditions, linked flag and rollout)";

/**
 * The line for a survey that launches or resumes: `olds` are its stored outputs (undefined at a create), `declared`
 * what the program declares now (its status and startDate). Undefined when it does not go live.
 */
export function launchNotice(label: string, olds: Json | undefined, declared: Json): string | undefined {
  if (asStatus(declared.status) !== "running") return undefined;
  const now = olds ? statusOf(olds.startDate, olds.endDate, lastDeclared(olds)) : NEW_SURVEY_STATUS;
  if (now === "running") return undefined;
  if (now === "stopped")
    return `${label} resumes at this up: PostHog shows it again to ${TARGETING}, and they can answer it again.`;
  const start = typeof declared.startDate === "string" ? declared.startDate : undefined;
  return start
    ? `${label} launches with startDate ${start}: from then on PostHog shows it to ${TARGETING}, and they can answer it.`
    : `${label} launches at this up: PostHog starts showing it to ${TARGETING}, and they can answer it.`;
}
