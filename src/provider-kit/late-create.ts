// After a create whose outcome is unknown, find what it made instead of sending it again. When the request
// timed out, the server may still be working on it and land it later: a re-sent survey would then clash on
// its name, and a re-sent invite would be deleted by the late original (PostHog keeps only the newest invite
// per email). So after a timeout, look a few more times over about one request timeout before concluding
// the create never happened. A dropped connection is looked up once: its write, if any, already happened.
import type { PostHogApiError } from "../client";
import { isOutcomeUnknown, isTimedOut } from "./errors";
import type { Settings } from "../config";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `lookup` until `found` says it has what the create made, or the grace period is over. */
export async function findLateCreate<T>(
  error: PostHogApiError,
  settings: Settings,
  lookup: () => Promise<T>,
  found: (result: T) => boolean,
): Promise<T> {
  const waits = isTimedOut(error)
    ? [0, 0.25, 0.25, 0.5].map((share) => Math.min(share * settings.requestTimeoutMs, 15_000))
    : [0];
  // A lookup that fails leaves the POST's fate unknown: the message names the POST first, then the lookup.
  const look = () =>
    lookup().catch((lookupError: unknown) => Promise.reject(lookupFailed(error, lookupError)));
  let result = await look();
  for (const wait of waits.slice(1)) {
    if (found(result)) break;
    await sleep(wait);
    result = await look();
  }
  return result;
}

/** `PostHog API POST /api/…/` and what went wrong, from a client error's fields (its message adds a hint). */
function postOf(error: PostHogApiError): string {
  return `PostHog API ${error.method} ${error.path}`;
}

function lookupFailed(error: PostHogApiError, lookupError: unknown): Error {
  const why = lookupError instanceof Error ? lookupError.message : String(lookupError);
  return new Error(
    `${postOf(error)} got no answer (${error.detail ?? "no response"}), so it may have been applied; looking ` +
      `for what it made then failed: ${why.replace(/\.$/, "")}. Run the update again: it looks again before posting`,
  );
}

/**
 * The error to report when the create, sent a second time because a lookup found nothing the first made, got no
 * answer either: it went out twice, and saying it "was not repeated" would be untrue.
 */
export function resentFailure(error: unknown): unknown {
  if (!isOutcomeUnknown(error)) return error;
  return new Error(
    `${postOf(error)} went out twice and got no answer either time (${error.detail ?? "no response"}): after ` +
      "the first, a lookup found nothing it made, so it was sent again. The second may have been applied; run " +
      "the update again (it looks for it before posting) or pulumi refresh",
  );
}
