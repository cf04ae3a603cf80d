// Brings a survey to its declared status once its fields are written: launch and stop through PostHog's
// endpoints, resume by clearing the end date. A declared startDate or endDate governs its own date (it was
// written with the other fields), so status adds a request only for a date the program leaves to it.
import type { PostHogClient, SurveyWriteBody, WireSurvey } from "../../client";
import { PostHogApiError } from "../../client";
import { statusOf } from "./status";
import type { SurveyStatus } from "./types";

type Json = Record<string, unknown>;

/** A server without the launch/stop routes (older self-hosted PostHog) answers 404 or 405 to them. */
function isMissingEndpoint(error: unknown): boolean {
  return error instanceof PostHogApiError && (error.status === 404 || error.status === 405);
}

async function endpointOrDate(
  client: PostHogClient,
  project: string,
  id: string,
  endpoint: "launch" | "stop",
): Promise<WireSurvey> {
  try {
    return await client.surveys[endpoint](project, id);
  } catch (error) {
    if (!isMissingEndpoint(error)) throw error;
    // The same effect the endpoint has: the date set to now (PostHog's UI did this before the endpoints).
    const now = new Date().toISOString();
    const body: SurveyWriteBody = endpoint === "launch" ? { start_date: now } : { end_date: now };
    return client.surveys.update(project, id, body);
  }
}

/** Where a survey stands: its id and dates, from PostHog's last answer or the stored outputs. */
export type SurveyDates = Pick<WireSurvey, "id" | "start_date" | "end_date">;

/**
 * Moves the survey to `inputs.status`. Returns PostHog's answer to the last request, or undefined when none was
 * needed (already there, status undeclared, or the declared dates already did it).
 */
export async function applyStatus(
  client: PostHogClient,
  project: string,
  from: SurveyDates,
  inputs: Json,
): Promise<WireSurvey | undefined> {
  const target = inputs.status as SurveyStatus | undefined;
  let survey: SurveyDates = from;
  let answer: WireSurvey | undefined;
  const now = () => statusOf(survey.start_date, survey.end_date);
  const leftToStatus = (date: "startDate" | "endDate") => inputs[date] === undefined;
  if (target === undefined || target === "draft") return undefined;
  // PostHog: products/surveys/backend/api/survey.py, SurveyViewSet.launch and SurveyViewSet.stop.
  if (now() === "draft" && leftToStatus("startDate")) {
    survey = answer = await endpointOrDate(client, project, survey.id, "launch");
  }
  if (target === "stopped" && now() === "running" && leftToStatus("endDate")) {
    survey = answer = await endpointOrDate(client, project, survey.id, "stop");
  }
  // Resuming has no endpoint: clearing the end date is what PostHog's UI sends.
  if (target === "running" && now() === "stopped" && leftToStatus("endDate")) {
    survey = answer = await client.surveys.update(project, survey.id, { end_date: null });
  }
  return answer;
}
