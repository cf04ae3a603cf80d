// Brings a survey to its declared status and archived flag once its fields are written: plans from what PostHog
// answered last (lifecycle-plan.ts) and sends the steps in order. Launch and stop go through PostHog's endpoints,
// with a fallback for servers that lack them; everything else is a PATCH.
import type { PostHogClient, SurveyWriteBody, WireSurvey } from "../../client";
import { PostHogApiError } from "../../client";
import {
  planLifecycle,
  type LifecycleIntent,
  type LifecycleState,
  type LifecycleStep,
} from "./lifecycle-plan";

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

function send(client: PostHogClient, project: string, id: string, step: LifecycleStep): Promise<WireSurvey> {
  switch (step.kind) {
    case "launch":
    case "stop":
      return endpointOrDate(client, project, id, step.kind);
    case "unarchive":
      return client.surveys.update(project, id, { archived: false });
    case "archive":
      return client.surveys.update(project, id, { archived: true });
    case "start":
      return client.surveys.update(project, id, { start_date: step.startDate });
    case "end":
      return client.surveys.update(project, id, { end_date: step.endDate });
  }
}

/** Where a survey stands: its id, dates and archived flag, as PostHog last answered them. */
export type SurveyState = LifecycleState & { id: string };

/**
 * Moves the survey from `from` (PostHog's latest answer for it) to the declared status and archived flag.
 * Returns PostHog's answer to the last request, or undefined when none was needed. `progress` sees each answer as
 * it comes, so a caller whose run fails half-way can keep where the survey got to.
 */
export async function applyStatus(
  client: PostHogClient,
  project: string,
  from: SurveyState,
  inputs: LifecycleIntent,
  progress: (answer: WireSurvey) => void = () => {},
): Promise<WireSurvey | undefined> {
  let answer: WireSurvey | undefined;
  for (const step of planLifecycle(from, inputs)) {
    answer = await send(client, project, from.id, step);
    progress(answer);
  }
  return answer;
}
