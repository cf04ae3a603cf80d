import { createHash } from "node:crypto";
import { configKey } from "../config";
import { describeRateWindow, type RateWindow } from "../rate-windows";

/**
 * Process-wide request scheduling per host and key. PostHog throttles a personal API key with sliding
 * windows (DRF SimpleRateThrottle logs: a request counts while it is younger than the window). The Pulumi
 * engine runs many steps at once, each with its own client, so the mirror of those logs lives here at module
 * level, shared by every client of the same host and key.
 *
 * A request counts from the moment it is sent; once answered it is stamped with the answer's time, which is
 * never earlier than the moment the server logged it. So an entry leaves our window no earlier than it leaves
 * PostHog's, and a request we let out is one PostHog accepts (unless someone else uses the same key).
 */

export interface Limits {
  windows: readonly RateWindow[];
  /** Optional extra cap: evenly spaced starts. 0 or undefined = none. */
  requestsPerSecond?: number;
}

/** Time source and timers, injectable so tests can run hours of schedule on a fake clock. */
export interface SchedulerClock {
  now(): number;
  /** Calls `fn` after `ms`; returns a cancel function. */
  after(ms: number, fn: () => void): () => void;
}

export const realClock: SchedulerClock = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(t);
  },
};

/** One request's place in the windows; `done()` when its answer (or failure) arrives. */
export interface Slot {
  done(): void;
}

/** Why a request would have to wait, for the fail-fast message. */
type Holder =
  { kind: "window"; window: RateWindow } | { kind: "server" } | { kind: "pace"; requestsPerSecond: number };

/** A wait that cannot fit in the request's deadline; the message says which limit, until when, and what to do. */
export class RateWaitTooLong extends Error {
  constructor(
    readonly holder: Holder,
    /** Earliest time (ms since epoch) the request could go; the real time may be later. */
    readonly freesAt: number,
    readonly now: number,
    readonly deadlineAt: number,
  ) {
    super(rateWaitMessage(holder, freesAt, now, deadlineAt));
    this.name = "RateWaitTooLong";
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** An ISO date, or a plain "far in the future" where no Date can hold it. */
function isoOrFar(at: number): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? "a time too far ahead to name" : date.toISOString();
}

function rateWaitMessage(holder: Holder, freesAt: number, now: number, deadlineAt: number): string {
  const when = `${isoOrFar(freesAt)} (${seconds(freesAt - now)} from now)`;
  const deadline = `past this request's deadline (${seconds(Math.max(0, deadlineAt - now))} left)`;
  const what =
    holder.kind === "window"
      ? `the rate window of ${describeRateWindow(holder.window)} for this API key is used up until ${when}`
      : holder.kind === "server"
        ? `PostHog answered 429 (throttled) and asked to wait until ${when}; another client may be using the same API key`
        : `the ${configKey("requestsPerSecond")} cap of ${holder.requestsPerSecond} has no free slot before ${when}`;
  return (
    `rate limit: ${what}, ${deadline}. Lower the parallelism (pulumi up --parallel), raise ` +
    `${configKey("requestDeadlineMs")}, or wait until then and run again.`
  );
}

interface Waiter {
  deadlineAt: number;
  resolve(slot: Slot): void;
  reject(error: Error): void;
}

/** The longest pause a 429 can impose (Node's timer maximum); retry.ts clamps Retry-After to the same. */
const MAX_WAIT_MS = 2 ** 31 - 1;

interface Plan {
  /** When the next request may go; Infinity while it waits for an answer to arrive. */
  at: number;
  /** A lower bound on `at`, for deadlines (an unanswered request's entry leaves no earlier than now + window). */
  bound: number;
  holder?: Holder;
}

/** First index in the ascending `xs` whose value is > `t` (entries at or before the cut have left, as in DRF). */
function firstAfter(xs: number[], t: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class Scheduler {
  private inFlight = 0;
  /** Answer times of finished requests, ascending. */
  private stamps: number[] = [];
  private pausedUntil = 0;
  /** After a 429, one request goes first and the rest wait for its answer. */
  private probing = false;
  private probeOut = false;
  private lastStart = -Infinity;
  private readonly queue: Waiter[] = [];
  private cancelTimer?: () => void;

  constructor(
    private limits: Limits,
    private readonly clock: SchedulerClock = realClock,
  ) {}

  configure(limits: Limits): void {
    this.limits = limits;
    this.pump();
  }

  /**
   * Resolves when a request may go, in call order (retries go first); rejects at once with RateWaitTooLong
   * when the earliest possible start is at or past `deadlineAt`.
   */
  acquire(deadlineAt: number, retry = false): Promise<Slot> {
    return new Promise<Slot>((resolve, reject) => {
      const waiter = { deadlineAt, resolve, reject };
      if (retry) this.queue.unshift(waiter);
      else this.queue.push(waiter);
      this.pump();
    });
  }

  /** A 429: every waiter for this key pauses until `retryAfterMs` from now, then one request probes. */
  throttled(retryAfterMs: number): void {
    const wait = Number.isFinite(retryAfterMs) ? Math.max(0, retryAfterMs) : MAX_WAIT_MS;
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + Math.min(wait, MAX_WAIT_MS));
    this.probing = true;
    this.pump();
  }

  private plan(now: number): Plan {
    const { windows, requestsPerSecond } = this.limits;
    const widest = Math.max(0, ...windows.map((w) => w.windowMs));
    const gone = firstAfter(this.stamps, now - widest);
    if (gone > 0) this.stamps.splice(0, gone);
    let at = now;
    let bound = now;
    let holder: Holder | undefined;
    const need = (when: number, atLeast: number, why: Holder) => {
      at = Math.max(at, when);
      if (atLeast > bound) [bound, holder] = [atLeast, why];
    };
    for (const window of windows) {
      const from = firstAfter(this.stamps, now - window.windowMs);
      const answered = this.stamps.length - from;
      const excess = this.inFlight + answered - window.limit + 1;
      if (excess <= 0) continue;
      // The `excess` oldest answered entries must leave; if too few are answered, wait for answers.
      const leaves = excess > answered ? Infinity : this.stamps[from + excess - 1] + window.windowMs;
      need(leaves, Math.min(leaves, now + window.windowMs), { kind: "window", window });
    }
    if (this.pausedUntil > now) need(this.pausedUntil, this.pausedUntil, { kind: "server" });
    if (requestsPerSecond && requestsPerSecond > 0) {
      const next = this.lastStart + 1000 / requestsPerSecond;
      if (next > now) need(next, next, { kind: "pace", requestsPerSecond });
    }
    if (this.probing && this.probeOut) at = Infinity;
    return { at, bound, holder };
  }

  private pump(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    while (this.queue.length > 0) {
      const now = this.clock.now();
      const plan = this.plan(now);
      const first = this.queue[0];
      if (plan.at <= now) {
        this.queue.shift();
        this.start(first, now);
        continue;
      }
      // Whoever cannot start before the bound fails now, not after the wait.
      for (let i = this.queue.length - 1; i >= 0; i--) {
        const w = this.queue[i];
        if (plan.bound >= w.deadlineAt) {
          this.queue.splice(i, 1);
          // Whatever building the message does, this waiter is answered and the others still are.
          let error: Error;
          try {
            error = new RateWaitTooLong(plan.holder ?? { kind: "server" }, plan.bound, now, w.deadlineAt);
          } catch (e) {
            error = e instanceof Error ? e : new Error(String(e));
          }
          w.reject(error);
        }
      }
      if (this.queue.length > 0 && Number.isFinite(plan.at)) {
        this.cancelTimer = this.clock.after(Math.min(plan.at - now, MAX_WAIT_MS), () => this.pump());
      }
      return;
    }
  }

  private start(waiter: Waiter, now: number): void {
    this.inFlight++;
    this.lastStart = now;
    const probe = this.probing;
    if (probe) this.probeOut = true;
    let finished = false;
    waiter.resolve({
      done: () => {
        if (finished) return;
        finished = true;
        this.inFlight--;
        this.stamps.push(this.clock.now());
        if (probe) this.probing = this.probeOut = false;
        this.pump();
      },
    });
  }
}

const schedulers = new Map<string, Scheduler>();

/** Key hash, so the map never holds the key itself. */
export function schedulerKey(origin: string, apiKey: string): string {
  return `${origin}|${createHash("sha256").update(apiKey).digest("hex").slice(0, 16)}`;
}

/** The shared scheduler for host+key; the most recently configured limits win. */
export function getScheduler(origin: string, apiKey: string, limits: Limits): Scheduler {
  const key = schedulerKey(origin, apiKey);
  let scheduler = schedulers.get(key);
  if (!scheduler) {
    scheduler = new Scheduler(limits);
    schedulers.set(key, scheduler);
  } else scheduler.configure(limits);
  return scheduler;
}
