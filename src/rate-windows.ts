// The rate windows a PostHog host enforces per personal API key, as a setting. Pure (no imports) so the
// settings code can parse it without loading the HTTP client.

/** At most `limit` requests in any `windowMs` (a sliding window, as DRF's SimpleRateThrottle keeps it). */
export interface RateWindow {
  readonly limit: number;
  readonly windowMs: number;
}

// PostHog: posthog/rate_limit.py, BurstRateThrottle ("480/minute") and SustainedRateThrottle ("4800/hour").
export const POSTHOG_CLOUD_RATE_WINDOWS: readonly RateWindow[] = [
  { limit: 480, windowMs: 60_000 },
  { limit: 4800, windowMs: 3_600_000 },
];

/** The setting's default text, in the notation the parser reads. */
export const DEFAULT_RATE_WINDOWS_TEXT = "480/minute,4800/hour";

/** DRF's period names (it reads only the first letter), plus plain seconds/milliseconds ("60s", "500ms"). */
const PERIOD_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function parsePeriod(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  const number = /^(\d+(?:\.\d+)?)\s*(ms|s)$/.exec(t);
  if (number) return Number(number[1]) * (number[2] === "ms" ? 1 : 1000);
  if (!/^[a-z]+$/.test(t)) return undefined;
  return PERIOD_MS[t[0]];
}

/**
 * "480/minute,4800/hour" (DRF style), "48/6s", or "off" (no client-side windows, for self-hosted
 * instances without rate limiting). Returns an error text instead of throwing.
 */
export function parseRateWindows(text: string): readonly RateWindow[] | string {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === "off" || trimmed === "") return [];
  const windows: RateWindow[] = [];
  for (const part of trimmed.split(",")) {
    const [count, period, extra] = part.split("/");
    const limit = Number(count?.trim());
    const windowMs = period === undefined ? undefined : parsePeriod(period);
    if (extra !== undefined || !Number.isInteger(limit) || limit < 1 || !windowMs || windowMs <= 0) {
      return `"${part.trim()}" is not <count>/<period> (e.g. 480/minute, 4800/hour, 48/6s)`;
    }
    windows.push({ limit, windowMs });
  }
  return windows;
}

/** "480 requests per minute", for messages. */
export function describeRateWindow(w: RateWindow): string {
  const named: Record<number, string> = {
    1000: "second",
    60_000: "minute",
    3_600_000: "hour",
    86_400_000: "day",
  };
  const period = named[w.windowMs] ?? `${w.windowMs / 1000} s`;
  return `${w.limit} requests per ${period}`;
}
