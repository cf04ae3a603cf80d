// After a create whose outcome is unknown, find what it made instead of sending it again. When the request
// timed out, the server may still be working on it and land it later: a re-sent survey would then clash on
// its name, and a re-sent invite would be deleted by the late original (PostHog keeps only the newest invite
// per email). So after a timeout, look a few more times over about one request timeout before concluding
// the create never happened. A dropped connection is looked up once: its write, if any, already happened.
import type { PostHogApiError } from "../client";
import { isTimedOut } from "./errors";
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
  let result = await lookup();
  for (const wait of waits.slice(1)) {
    if (found(result)) break;
    await sleep(wait);
    result = await lookup();
  }
  return result;
}
