// What status changes a survey can make, known without a request (check and update share it).
import type { CheckFailure } from "../../model/input/failures";
import type { SurveyStatus } from "./types";

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
  const from = olds.status;
  const to = news.status;
  if (typeof from !== "string" || typeof to !== "string") return [];
  const reason = refusedTransition(from as SurveyStatus, to as SurveyStatus);
  return reason ? [{ property: "status", reason }] : [];
}
