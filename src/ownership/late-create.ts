// After a create whose outcome is unknown (a timeout, a connection dropped after the request left), find what
// it made; never send it again in the same run. A request that timed out may still be at work on the server and
// land later, so the lookup goes on, at growing intervals, until the request deadline (requestDeadlineMs)
// counted from when the create began. A dropped connection is looked up once: what it wrote, if anything, is
// already written. When nothing turns up, the create fails saying the request may have been applied: the next
// `up` looks again before posting, and meets the object if it landed in between (docs/contributing/interrupted-runs.md).
//
// Loaded with the ownership entry (index.ts) by a preview and by a program, which must load no HTTP client
// (test/preview): the client's error predicates are required by findLateCreate, which only a create runs.
import type { PostHogApiError } from "../client";
import type { Settings } from "../config";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first pause between lookups; each next one doubles, up to one request timeout (at most 15 s). */
const FIRST_PAUSE_MS = 250;

/**
 * Runs `lookup` until `found` says it has what the create made, or the create's deadline (`startedAt` plus
 * requestDeadlineMs) has passed. Returns the last result that `found` accepted; otherwise throws the error
 * saying the POST may have been applied and was not sent again.
 */
export async function findLateCreate<T>(
  error: PostHogApiError,
  settings: Settings,
  startedAt: number,
  lookup: () => Promise<T>,
  found: (result: T) => boolean,
): Promise<T> {
  const { isTimedOut } = require("../provider-kit/errors") as typeof import("../provider-kit/errors");
  // A lookup that fails leaves the POST's fate unknown: the message names the POST first, then the lookup.
  const look = () =>
    lookup().catch((lookupError: unknown) => Promise.reject(lookupFailed(error, lookupError)));
  const until = startedAt + settings.requestDeadlineMs;
  const longest = Math.min(settings.requestTimeoutMs, 15_000);
  let pause = Math.min(FIRST_PAUSE_MS, longest);
  for (;;) {
    const result = await look();
    if (found(result)) return result;
    if (!isTimedOut(error) || Date.now() + pause > until) break;
    await sleep(pause);
    pause = Math.min(pause * 2, longest);
  }
  const waited = Math.round((Date.now() - startedAt) / 1000);
  throw new Error(
    `${noAnswer(error)}, so it may have been applied; it was not sent again, and lookups for what it made found ` +
      `nothing within ${waited} s. Run pulumi up again: it looks for the object before posting anything`,
  );
}

/** `PostHog API POST /api/…/ got no answer (…)`, from a client error's fields (its message adds a hint). */
export function noAnswer(error: PostHogApiError): string {
  return `PostHog API ${error.method} ${error.path} got no answer (${error.detail ?? "no response"})`;
}

function lookupFailed(error: PostHogApiError, lookupError: unknown): Error {
  const why = lookupError instanceof Error ? lookupError.message : String(lookupError);
  return new Error(
    `${noAnswer(error)}, so it may have been applied; it was not sent again, and looking for what it made then ` +
      `failed: ${why.replace(/\.$/, "")}. Run pulumi up again: it looks for the object before posting anything`,
  );
}
