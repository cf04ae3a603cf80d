// PostHog's per-key throttles as DRF runs them (off by default; /_emulator/rate-limit turns them on).
// PostHog: posthog/rate_limit.py, BurstRateThrottle (480/minute) and SustainedRateThrottle (4800/hour), both
// PersonalApiKeyRateThrottle, keyed by the hashed personal API key.
// DRF: rest_framework/throttling.py, SimpleRateThrottle.allow_request / throttle_success / wait, and
// rest_framework/views.py, APIView.check_throttles (every throttle is asked; the longest wait is sent).

export interface ThrottleRate {
  limit: number;
  windowMs: number;
}

export const POSTHOG_THROTTLE_RATES: readonly ThrottleRate[] = [
  { limit: 480, windowMs: 60_000 },
  { limit: 4800, windowMs: 3_600_000 },
];

/** Allowed, or throttled with DRF's wait in seconds (null when DRF has none to suggest). */
export type ThrottleVerdict = { allowed: true } | { allowed: false; waitSeconds: number | null };

/** One SimpleRateThrottle: a log of request times per key, oldest first. */
class SlidingLog {
  private readonly history = new Map<string, number[]>();
  constructor(readonly rate: ThrottleRate) {}

  /** allow_request: drop entries at or before now - window; full means throttled, else log this request. */
  allow(key: string, now: number): boolean {
    const log = this.history.get(key) ?? [];
    let gone = 0;
    while (gone < log.length && log[gone] <= now - this.rate.windowMs) gone++;
    if (gone > 0) log.splice(0, gone);
    this.history.set(key, log);
    if (log.length >= this.rate.limit) return false;
    log.push(now);
    return true;
  }

  /** wait(): what is left of the oldest entry's window, spread over the requests still available. */
  wait(key: string, now: number): number | null {
    const log = this.history.get(key) ?? [];
    const remainingMs = log.length > 0 ? this.rate.windowMs - (now - log[0]) : this.rate.windowMs;
    const available = this.rate.limit - log.length + 1;
    return available <= 0 ? null : remainingMs / 1000 / available;
  }
}

export class Throttles {
  private logs: SlidingLog[] = [];

  /** null or [] turns throttling off; the logs start empty either way. */
  configure(rates: readonly ThrottleRate[] | null): void {
    this.logs = (rates ?? []).map((r) => new SlidingLog(r));
  }

  get rates(): ThrottleRate[] {
    return this.logs.map((l) => l.rate);
  }

  /** check_throttles: every throttle sees the request (so one that allows it logs it even if another refuses). */
  check(key: string, now: number): ThrottleVerdict {
    const waits: Array<number | null> = [];
    for (const log of this.logs) if (!log.allow(key, now)) waits.push(log.wait(key, now));
    if (waits.length === 0) return { allowed: true };
    const known = waits.filter((w): w is number => w !== null);
    return { allowed: false, waitSeconds: known.length > 0 ? Math.max(...known) : null };
  }
}

/**
 * The /_emulator/rate-limit body: {preset: "posthog"} (PostHog Cloud's two windows), {windows: [{limit,
 * windowMs}, ...]}, the older single window {limit, windowMs = 60000}, or {limit: null} / {windows: null} /
 * {preset: "off"} to turn throttling off. Returns the rates, or null for off; throws on anything else.
 */
export function parseRateLimitControl(
  body: Record<string, unknown>,
  rate: (raw: unknown, attr: string) => ThrottleRate,
  invalid: (detail: string, attr: string) => Error,
): ThrottleRate[] | null {
  if (body.preset !== undefined) {
    if (body.preset === "posthog") return [...POSTHOG_THROTTLE_RATES];
    if (body.preset === "off") return null;
    throw invalid('preset must be "posthog" or "off"', "preset");
  }
  if ("windows" in body) {
    if (body.windows === null) return null;
    if (!Array.isArray(body.windows) || body.windows.length === 0) {
      throw invalid("windows must be a non-empty list of {limit, windowMs}", "windows");
    }
    return body.windows.map((w, i) => rate(w, `windows__${i}`));
  }
  if (body.limit === null) return null;
  return [rate({ windowMs: 60_000, ...body }, "")];
}
