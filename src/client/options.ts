import { SETTINGS } from "../config";

export interface ClientOptions {
  /** e.g. https://us.posthog.com (a trailing slash is fine). */
  host: string;
  /** Personal API key; sent only as a bearer token to `host`. */
  apiKey: string;
  /** Per attempt, default 30000. */
  requestTimeoutMs?: number;
  /** Overall per call (all attempts, waits and pacing), default 300000. */
  deadlineMs?: number;
  /** Retries for 5xx/408/425/network errors, default 6. 429s are bounded by the deadline only. */
  maxRetries?: number;
  /** Process-wide pace per host+key, default 8 (or POSTHOG_REQUESTS_PER_SECOND); 0 = unpaced. */
  requestsPerSecond?: number;
  /** First backoff delay, default 500. */
  retryBaseMs?: number;
  /** Backoff cap, default 10000. */
  retryMaxMs?: number;
}

export const DEFAULTS = {
  requestTimeoutMs: SETTINGS.requestTimeoutMs.default,
  deadlineMs: 300_000,
  maxRetries: 6,
  retryBaseMs: SETTINGS.retryBaseMs.default,
  retryMaxMs: 10_000,
} as const;
