/**
 * Retry policy, kept pure so it can be tested without a server.
 * Rule: a POST is repeated only when the answer proves it was not applied.
 */

export interface RetryPolicy {
  maxRetries: number;
  baseMs: number;
  maxMs: number;
}

/** What one attempt ended with. `sent` is false only when the connection never opened. */
export type AttemptOutcome =
  | { kind: "response"; status: number; retryAfterMs?: number }
  | { kind: "network"; sent: boolean; timedOut: boolean; permanent?: boolean };

export interface RetryDecision {
  retry: boolean;
  delayMs: number;
  /** The request may have been applied and was not repeated (POST only). */
  outcomeUnknown: boolean;
  /** A 429: the wait applies to every request on the same key, not just this one. */
  pauseAll?: boolean;
}

const IDEMPOTENT_RETRY = new Set([408, 425, 429]);
/** Answers PostHog gives before applying anything, so a POST can be sent again. */
const POST_RETRY = new Set([408, 425, 429, 503]);

/**
 * TLS handshake failures (Node's and OpenSSL's codes): the connection never carried the request. EPROTO is what
 * https:// to a plain-HTTP server gives ("wrong version number").
 */
export const TLS_CODES = new Set([
  "EPROTO",
  "ERR_SSL_WRONG_VERSION_NUMBER",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/** Connection-level failures that happen before any byte of the request left. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  ...TLS_CODES,
]);

/**
 * Failures that the same request will meet again at once: no host by that name (ENOTFOUND; EAI_AGAIN, a resolver
 * that did not answer, is transient), nothing listening on the port, a TLS handshake that cannot succeed. They
 * come from the configured host, so retrying only delays the message that says to fix it.
 */
const PERMANENT_CODES = new Set(["ENOTFOUND", "ECONNREFUSED", ...TLS_CODES]);

export function wasNeverSent(code: string | undefined): boolean {
  return code !== undefined && NOT_SENT_CODES.has(code);
}

export function isPermanentNetworkFailure(code: string | undefined): boolean {
  return code !== undefined && PERMANENT_CODES.has(code);
}

export function isRetryableStatus(method: string, status: number): boolean {
  if (method.toUpperCase() === "POST") return POST_RETRY.has(status);
  return IDEMPOTENT_RETRY.has(status) || (status >= 500 && status <= 599);
}

/** Exponential backoff, capped, with +-30% jitter so parallel callers spread out. */
export function backoffMs(
  retryIndex: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const exp = Math.min(policy.maxMs, policy.baseMs * 2 ** retryIndex);
  return Math.round(exp * (0.7 + 0.6 * random()));
}

/**
 * The longest wait a Retry-After may ask for: Node's timer maximum (2^31-1 ms, about 24.8 days). A bigger one
 * (`Retry-After: 10000000000000`) is clamped to it, so every date built from it is valid and every timer real;
 * the deadline then refuses the wait at once.
 */
export const MAX_RETRY_AFTER_MS = 2 ** 31 - 1;

/**
 * Retry-After as seconds ("3", "1.5") or an HTTP date. Returns milliseconds from `now`, 0 for a date in the
 * past, at most MAX_RETRY_AFTER_MS, undefined when absent or unparseable.
 */
export function parseRetryAfter(
  value: string | undefined | null,
  now: number = Date.now(),
): number | undefined {
  if (value === undefined || value === null) return undefined;
  const v = value.trim();
  if (v === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return clampWait(Math.round(Number(v) * 1000));
  if (!/[a-z]/i.test(v)) return undefined; // e.g. "-1": not a date either
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return clampWait(Math.max(0, at - now));
}

function clampWait(ms: number): number {
  return Number.isFinite(ms) ? Math.min(ms, MAX_RETRY_AFTER_MS) : MAX_RETRY_AFTER_MS;
}

/**
 * Decide whether to try again. `retryIndex` counts retries already made.
 * 429s are bounded by the overall deadline only (the server said when to come back) and pause every request
 * on the key together (see schedule.ts); everything else is also bounded by maxRetries.
 */
export function decide(
  method: string,
  outcome: AttemptOutcome,
  retryIndex: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): RetryDecision {
  const isPost = method.toUpperCase() === "POST";
  if (outcome.kind === "network") {
    if (isPost && outcome.sent) return { retry: false, delayMs: 0, outcomeUnknown: true };
    if (outcome.permanent) return { retry: false, delayMs: 0, outcomeUnknown: false };
    if (retryIndex >= policy.maxRetries) return { retry: false, delayMs: 0, outcomeUnknown: false };
    return { retry: true, delayMs: backoffMs(retryIndex, policy, random), outcomeUnknown: false };
  }
  if (!isRetryableStatus(method, outcome.status)) return { retry: false, delayMs: 0, outcomeUnknown: false };
  if (outcome.status !== 429 && retryIndex >= policy.maxRetries) {
    return { retry: false, delayMs: 0, outcomeUnknown: false };
  }
  const backoff = backoffMs(Math.min(retryIndex, 20), policy, random);
  if (outcome.status !== 429) {
    return { retry: true, delayMs: outcome.retryAfterMs ?? backoff, outcomeUnknown: false };
  }
  // Exactly Retry-After: the scheduler pauses all waiters once and lets one probe go first, so no spread is
  // needed to keep a herd from returning at the same instant.
  return { retry: true, delayMs: outcome.retryAfterMs ?? backoff, outcomeUnknown: false, pauseAll: true };
}

/** Waits `ms`, or less when `signal` is aborted first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener("abort", done);
  });
}
