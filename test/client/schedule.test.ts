import fc from "fast-check";
import {
  getScheduler,
  RateWaitTooLong,
  Scheduler,
  schedulerKey,
  type Limits,
  type Slot,
} from "../../src/client/schedule";
import { Throttles } from "../../packages/posthog-emulator/src/core/rate-limit";
import { describeRateWindow, parseRateWindows, POSTHOG_CLOUD_RATE_WINDOWS } from "../../src/rate-windows";
import { FakeClock, flush } from "./fake-clock";

interface Tracked {
  startedAt?: number;
  slot?: Slot;
  error?: unknown;
}

function setup(limits: Limits) {
  const clock = new FakeClock();
  const t0 = clock.now();
  const scheduler = new Scheduler(limits, clock);
  const acquire = (deadlineAt = Infinity): Tracked => {
    const tracked: Tracked = {};
    scheduler.acquire(deadlineAt).then(
      (slot) => Object.assign(tracked, { slot, startedAt: clock.now() - t0 }),
      (error: unknown) => (tracked.error = error),
    );
    return tracked;
  };
  return { clock, t0, scheduler, acquire };
}

const startTimes = (ts: Tracked[]) => ts.map((t) => t.startedAt);

describe("scheduler", () => {
  it("sends at once while every window has room", async () => {
    const { acquire } = setup({
      windows: [
        { limit: 3, windowMs: 1000 },
        { limit: 5, windowMs: 10_000 },
      ],
    });
    const ts = [acquire(), acquire(), acquire()];
    await flush();
    expect(startTimes(ts)).toEqual([0, 0, 0]);
  });

  it("waits exactly until the oldest answered entry leaves the window", async () => {
    const { clock, t0, acquire } = setup({ windows: [{ limit: 3, windowMs: 1000 }] });
    const ts = [acquire(), acquire(), acquire(), acquire()];
    await flush();
    expect(startTimes(ts)).toEqual([0, 0, 0, undefined]);
    for (const t of ts.slice(0, 3)) {
      await clock.advance(10);
      t.slot?.done(); // answered at 10, 20, 30
    }
    await clock.advanceTo(t0 + 1009);
    expect(ts[3].startedAt).toBeUndefined();
    await clock.advance(1);
    expect(ts[3].startedAt).toBe(1010);
  });

  it("obeys the longer window too: the sustained log decides once the burst one has room", async () => {
    const { clock, acquire } = setup({
      windows: [
        { limit: 2, windowMs: 100 },
        { limit: 3, windowMs: 1000 },
      ],
    });
    const ts = [acquire(), acquire(), acquire(), acquire()];
    const answerAll = () => ts.forEach((t) => t.slot?.done());
    await flush();
    answerAll();
    await clock.advanceTo(clock.now() + 100);
    answerAll();
    await clock.advanceTo(clock.now() + 2000);
    expect(startTimes(ts)).toEqual([0, 0, 100, 1000]);
  });

  it("counts an unanswered request until its answer arrives, then for one more window", async () => {
    const { clock, acquire } = setup({ windows: [{ limit: 1, windowMs: 1000 }] });
    const [first, second] = [acquire(), acquire()];
    await clock.advance(5000);
    expect(second.startedAt).toBeUndefined();
    first.slot?.done();
    await clock.advance(999);
    expect(second.startedAt).toBeUndefined();
    await clock.advance(1);
    expect(second.startedAt).toBe(6000);
  });

  it("a 429 pauses every waiter once, then one request probes before the rest go", async () => {
    const { clock, scheduler, acquire } = setup({ windows: POSTHOG_CLOUD_RATE_WINDOWS });
    const first = acquire();
    await flush();
    first.slot?.done();
    scheduler.throttled(2000);
    const waiting = Array.from({ length: 5 }, () => acquire());
    await clock.advance(1999);
    expect(startTimes(waiting)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    await clock.advance(1);
    expect(startTimes(waiting)).toEqual([2000, undefined, undefined, undefined, undefined]);
    await clock.advance(50);
    waiting[0].slot?.done();
    await flush();
    expect(startTimes(waiting)).toEqual([2000, 2050, 2050, 2050, 2050]);
  });

  it("fails at once, naming the window, when it frees and what to do, if the wait cannot fit", async () => {
    const { acquire, t0 } = setup({ windows: [{ limit: 2, windowMs: 60_000 }] });
    const ts = [acquire(), acquire()];
    await flush();
    ts.forEach((t) => t.slot?.done());
    const late = acquire(t0 + 30_000);
    await flush();
    expect(late.startedAt).toBeUndefined();
    expect(late.error).toBeInstanceOf(RateWaitTooLong);
    expect((late.error as Error).message).toBe(
      "rate limit: the rate window of 2 requests per minute for this API key is used up until " +
        "2026-01-01T00:01:00.000Z (60.0 s from now), past this request's deadline (30.0 s left). Lower the " +
        "parallelism (pulumi up --parallel), raise posthog:requestDeadlineMs, or wait until then and run again.",
    );
    // A request whose deadline fits keeps its place.
    const patient = acquire(t0 + 120_000);
    await flush();
    expect(patient.error).toBeUndefined();
  });

  it("fails at once when PostHog's Retry-After is past the deadline", async () => {
    const { scheduler, acquire, t0 } = setup({ windows: [] });
    scheduler.throttled(3_000_000);
    const t = acquire(t0 + 300_000);
    await flush();
    expect((t.error as Error).message).toBe(
      "rate limit: PostHog answered 429 (throttled) and asked to wait until 2026-01-01T00:50:00.000Z " +
        "(3000.0 s from now); another client may be using the same API key, past this request's deadline " +
        "(300.0 s left). Lower the parallelism (pulumi up --parallel), raise posthog:requestDeadlineMs, or wait " +
        "until then and run again.",
    );
  });

  it("spaces starts evenly under the optional requestsPerSecond cap", async () => {
    const { clock, acquire } = setup({ windows: [], requestsPerSecond: 4 });
    const ts = Array.from({ length: 4 }, () => acquire());
    await clock.advance(2000);
    expect(startTimes(ts)).toEqual([0, 250, 500, 750]);
  });

  it("with no windows and no cap, everything goes at once", async () => {
    const { acquire } = setup({ windows: [] });
    const ts = Array.from({ length: 1000 }, () => acquire());
    await flush();
    expect(new Set(startTimes(ts))).toEqual(new Set([0]));
  });

  it("never lets out a request DRF's throttles would refuse, and finishes every request", async () => {
    const window = fc.record({
      limit: fc.integer({ min: 1, max: 5 }),
      windowMs: fc.integer({ min: 10, max: 500 }),
    });
    const request = fc.record({
      arrives: fc.integer({ min: 0, max: 2000 }),
      toServer: fc.integer({ min: 0, max: 40 }),
      toAnswer: fc.integer({ min: 0, max: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(window, { minLength: 1, maxLength: 2 }),
        fc.array(request, { minLength: 1, maxLength: 40 }),
        async (windows, requests) => {
          const clock = new FakeClock();
          const scheduler = new Scheduler({ windows }, clock);
          const server = new Throttles();
          server.configure(windows);
          const refused: number[] = [];
          let finished = 0;
          for (const r of requests) {
            clock.after(r.arrives, () => {
              void scheduler.acquire(Infinity).then((slot) => {
                clock.after(r.toServer, () => {
                  if (!server.check("key", clock.now()).allowed) refused.push(clock.now());
                  clock.after(r.toAnswer, () => {
                    slot.done();
                    finished++;
                  });
                });
              });
            });
          }
          while (clock.nextTimer() !== undefined) await clock.advanceTo(clock.nextTimer() as number);
          expect(refused).toEqual([]);
          expect(finished).toBe(requests.length);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("scheduler registry", () => {
  it("shares one scheduler per host and key, and keeps the key out of its map key", () => {
    const limits = { windows: POSTHOG_CLOUD_RATE_WINDOWS };
    const a = getScheduler("http://reg-a", "phx_key_one", limits);
    expect(getScheduler("http://reg-a", "phx_key_one", limits)).toBe(a);
    expect(getScheduler("http://reg-a", "phx_key_two", limits)).not.toBe(a);
    expect(getScheduler("http://reg-b", "phx_key_one", limits)).not.toBe(a);
    expect(schedulerKey("http://h", "phx_abcdefgh")).not.toContain("phx_abcdefgh");
  });
});

describe("rate window setting", () => {
  it("reads DRF-style rates, plain seconds and off", () => {
    expect(parseRateWindows("480/minute,4800/hour")).toEqual(POSTHOG_CLOUD_RATE_WINDOWS);
    expect(parseRateWindows("48/6s, 10/500ms")).toEqual([
      { limit: 48, windowMs: 6000 },
      { limit: 10, windowMs: 500 },
    ]);
    expect(parseRateWindows("100/day")).toEqual([{ limit: 100, windowMs: 86_400_000 }]);
    expect(parseRateWindows("off")).toEqual([]);
    expect(parseRateWindows("480")).toBe('"480" is not <count>/<period> (e.g. 480/minute, 4800/hour, 48/6s)');
    expect(parseRateWindows("0/minute")).toMatch(/is not <count>\/<period>/);
    expect(parseRateWindows("5/fortnight-ish")).toMatch(/is not <count>\/<period>/);
  });

  it("describes windows in words", () => {
    expect(POSTHOG_CLOUD_RATE_WINDOWS.map(describeRateWindow)).toEqual([
      "480 requests per minute",
      "4800 requests per hour",
    ]);
    expect(describeRateWindow({ limit: 48, windowMs: 6000 })).toBe("48 requests per 6 s");
  });
});
