// Rephrases client errors for the person running `pulumi up`: which resource, what PostHog said, what to do.
import { PostHogApiError } from "../../client";

export function describeFailure(resource: string, action: string, error: unknown, hint?: string): Error {
  if (error instanceof PostHogApiError) {
    const field = error.attr ? ` Field: ${error.attr}.` : "";
    const extra = hint ? ` ${hint}` : "";
    return new Error(
      `${resource}: could not ${action}. ${error.message}.${field}${extra}`.replace(/\.\./g, "."),
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${resource}: could not ${action}. ${message}`);
}

export { isNotFound } from "../../client";
