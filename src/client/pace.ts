import { createHash } from "node:crypto";

/**
 * Process-wide pacing. PostHog allows 480 requests/minute per personal key, and the Pulumi
 * engine runs many steps at once, each building its own client: so the pace lives at module
 * level, shared by every client talking to the same host with the same key.
 */

export const DEFAULT_REQUESTS_PER_SECOND = 8;

export interface Pacer {
  /** Resolves when the caller may send one request. */
  acquire(): Promise<void>;
  readonly requestsPerSecond: number;
}

/**
 * Evenly spaced slots (a token bucket of capacity 1): at most `rate` requests in any second,
 * so 8/s never exceeds 480/minute. Slots are handed out in call order.
 */
class SpacingBucket implements Pacer {
  private nextSlot = 0;
  constructor(public requestsPerSecond: number) {}

  acquire(): Promise<void> {
    if (this.requestsPerSecond <= 0) return Promise.resolve();
    const interval = 1000 / this.requestsPerSecond;
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + interval;
    const wait = slot - now;
    return wait <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, wait));
  }
}

const buckets = new Map<string, SpacingBucket>();

/** Option first, then POSTHOG_REQUESTS_PER_SECOND, then 8. 0 means unpaced. */
export function resolveRequestsPerSecond(option: number | undefined, env = process.env): number {
  if (option !== undefined && Number.isFinite(option) && option >= 0) return option;
  const raw = env.POSTHOG_REQUESTS_PER_SECOND;
  if (raw !== undefined && raw.trim() !== "") {
    const n = Number(raw);
    if (Number.isFinite(n) && n >= 0) return n;
  }
  return DEFAULT_REQUESTS_PER_SECOND;
}

/** Key hash, so the map never holds the key itself. */
export function pacerKey(origin: string, apiKey: string): string {
  return `${origin}|${createHash("sha256").update(apiKey).digest("hex").slice(0, 16)}`;
}

/** The shared pacer for host+key; the most recently configured rate wins. */
export function getPacer(origin: string, apiKey: string, requestsPerSecond: number): Pacer {
  const key = pacerKey(origin, apiKey);
  let bucket = buckets.get(key);
  if (!bucket) {
    bucket = new SpacingBucket(requestsPerSecond);
    buckets.set(key, bucket);
  }
  bucket.requestsPerSecond = requestsPerSecond;
  return bucket;
}
