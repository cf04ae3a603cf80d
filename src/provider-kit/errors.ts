// Rephrases client errors for the person running `pulumi up`: which resource, what PostHog said (the client's
// message already names the method, path, status, detail and field), and what to do.
import { PostHogApiError } from "../client";

export { isNotFound, isOutcomeUnknown } from "../client";

/** PostHog refused a write because a unique field (a survey's name) is taken. */
export function isUniqueViolation(error: unknown): error is PostHogApiError {
  return error instanceof PostHogApiError && error.code === "unique";
}

/** PostHog refused the request as invalid (400). */
export function isBadRequest(error: unknown): error is PostHogApiError {
  return error instanceof PostHogApiError && error.status === 400;
}

/** No answer in time: the server may still be working on the request. */
export function isTimedOut(error: unknown): error is PostHogApiError {
  return error instanceof PostHogApiError && (error.code === "timeout" || error.code === "deadline_exceeded");
}

export function describeFailure(resource: string, action: string, error: unknown, hint?: string): Error {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\.$/, "");
  return new Error(`${resource}: could not ${action}. ${message}.${hint ? ` ${hint}` : ""}`);
}
