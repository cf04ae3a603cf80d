// The response-sampling rule that reads the clock, run by check after the static rules pass.
// PostHog: products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly.validate: a
// response_sampling_start_date must be today or later in UTC. Judged only when the date is new or changed, and
// not when adopting (PostHog may already hold it): PostHog checks it only when a request carries it, and the
// provider sends a field only when it changes, so time passing never fails an unchanged program.
import type { CheckFailure } from "../../provider-kit/check-failures";
import { sameInstant } from "../../provider-kit/equality";
import { containsUnknown } from "../../provider-kit/unknown";

type Json = Record<string, unknown>;

export function samplingStartFailures(olds: Json, news: Json, nowMs: number): CheckFailure[] {
  const start = news.responseSamplingStartDate;
  if (typeof start !== "string" || containsUnknown(start) || news.adopt !== undefined) return [];
  if (sameInstant(olds.responseSamplingStartDate, start)) return [];
  const today = new Date(nowMs).toISOString().slice(0, 10);
  if (Date.parse(start) >= Date.parse(`${today}T00:00:00Z`)) return [];
  return [
    {
      property: "responseSamplingStartDate",
      reason: `responseSamplingStartDate (${start}) is before today (${today}, UTC); PostHog accepts today or a later date. Set a date from today on, or remove it.`,
    },
  ];
}
