import { SETTINGS } from "../config";
import type { RateWindow } from "../rate-windows";

export interface ClientOptions {
  /** e.g. https://us.posthog.com (a trailing slash is fine). */
  host: string;
  /** Personal API key; sent only as a bearer token to `host`. */
  apiKey: string;
  /** Per attempt, default 30000. */
  requestTimeoutMs?: number;
  /** Overall per call (all attempts and waits), default 300000; a rate wait that cannot fit fails at once. */
  deadlineMs?: number;
  /** Retries for 5xx/408/425/network errors, default 6. 429s are bounded by the deadline only. */
  maxRetries?: number;
  /** Optional extra cap per host+key (evenly spaced starts), shared process-wide; 0 or unset = none. */
  requestsPerSecond?: number;
  /** The host's rate windows per key, mirrored process-wide; default PostHog Cloud's; [] = none. */
  rateWindows?: readonly RateWindow[];
  /** First backoff delay, default 500. */
  retryBaseMs?: number;
  /** Backoff cap, default 10000. */
  retryMaxMs?: number;
}

export const DEFAULTS = {
  requestTimeoutMs: SETTINGS.requestTimeoutMs.default,
  deadlineMs: SETTINGS.requestDeadlineMs.default,
  maxRetries: 6,
  rateWindows: SETTINGS.rateWindows.default,
  retryBaseMs: SETTINGS.retryBaseMs.default,
  retryMaxMs: 10_000,
} as const;
