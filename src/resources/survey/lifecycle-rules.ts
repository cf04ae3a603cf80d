// What status changes a survey can make, known without a request (check and update share it).
import type { CheckFailure } from "../../provider-kit/check-failures";
import { containsUnknown } from "../../provider-kit/unknown";
import { sameInstant } from "../../provider-kit/equality";
import type { SurveyStatus } from "./types";
import { asStatus } from "./status";

type Json = Record<string, unknown>;

/** Why `to` cannot follow `from`, or undefined when it can. PostHog has no way to un-launch a survey. */
export function refusedTransition(from: SurveyStatus, to: SurveyStatus): string | undefined {
  if (to !== "draft" || from === "draft") return undefined;
  return (
    `status cannot go from "${from}" back to "draft": PostHog cannot un-launch a survey. ` +
    'Keep "running" or "stopped", or create a new survey.'
  );
}

/** check: the status the program declared at the last apply (or refresh found) -> the one it declares now. */
export function unlaunchFailures(olds: Json, news: Json): CheckFailure[] {
  const from = asStatus(olds.status);
  const to = asStatus(news.status);
  if (from === undefined || to === undefined) return [];
  const reason = refusedTransition(from, to);
  return reason ? [{ property: "status", reason }] : [];
}

/**
 * check: an endDate that, by the clock, contradicts the status. `running` with one already past would stop at
 * once; `stopped` with a future one would keep running (that is `running` until endDate); `stopped` from a draft
 * without a startDate needs a launch, which PostHog refuses for a survey whose end date has passed (survey.py,
 * SurveyViewSet.launch). Judged only when the endDate or the status is new or changed: a scheduled stop that
 * passes later, or a program written before these rules, stays valid unchanged (docs/guides/survey-lifecycle.md).
 */
export function endDateFailures(olds: Json, news: Json, nowMs: number): CheckFailure[] {
  const end = news.endDate;
  if (typeof end !== "string" || containsUnknown(end)) return [];
  const unchanged = olds.status === news.status && sameInstant(olds.endDate, end);
  if (unchanged) return [];
  if (Date.parse(end) > nowMs) {
    // "Runs until" is status running with that endDate; stopped with a future one would read stopped while live.
    return news.status === "stopped"
      ? [
          {
            property: "endDate",
            reason:
              `endDate (${end}) is in the future, so a survey declared status "stopped" would run until then. ` +
              'Declare status "running" to run it until endDate, or remove endDate to stop it now.',
          },
        ]
      : [];
  }
  if (news.status === "running") {
    return [
      {
        property: "endDate",
        reason:
          `endDate (${end}) has already passed, so a survey declared status "running" would stop at once. ` +
          'Set a future endDate, or declare status "stopped".',
      },
    ];
  }
  // A draft (new, or declared draft until now) must be launched first, and launch refuses a passed end date.
  const fromDraft = olds.status === "draft" || Object.keys(olds).length === 0;
  if (news.status === "stopped" && news.startDate === undefined && fromDraft) {
    return [
      {
        property: "startDate",
        reason:
          `endDate (${end}) has already passed and no startDate is declared: PostHog cannot launch a survey whose ` +
          "end date has passed. Declare the startDate it ran from, too.",
      },
    ];
  }
  return [];
}
