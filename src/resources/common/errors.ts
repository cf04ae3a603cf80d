// Rephrases client errors for the person running `pulumi up`: which resource, what PostHog said (the client's
// message already names the method, path, status, detail and field), and what to do.
export { isNotFound } from "../../client";

export function describeFailure(resource: string, action: string, error: unknown, hint?: string): Error {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\.$/, "");
  return new Error(`${resource}: could not ${action}. ${message}.${hint ? ` ${hint}` : ""}`);
}
