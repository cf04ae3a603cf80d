// The client's rate scheduling against the emulator's DRF throttles, over HTTP.
import { startEmulator } from "posthog-emulator";
import { createClient, PostHogApiError, type ClientOptions } from "../../src/client";
import { resolveSettings } from "../../src/config";
import { POSTHOG_CLOUD_RATE_WINDOWS } from "../../src/rate-windows";
import { control, type Control } from "./emulator-control";

type Emulator = Awaited<ReturnType<typeof startEmulator>>;

let emu: Emulator;
let ctl: Control;
beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  ctl = control(emu.url, emu.apiKey);
});
afterAll(() => emu.close());
beforeEach(() => ctl.reset());

/** Each test its own key, so each gets its own process-wide scheduler. */
async function clientWithNewKey(opts: Partial<ClientOptions>) {
  const { key } = await ctl.call<{ key: string }>("POST", "keys", { scopes: ["*"] });
  return createClient({ host: emu.url, apiKey: key, retryBaseMs: 10, retryMaxMs: 100, ...opts });
}

/** Runs `count` jobs, `parallelism` at a time, as the engine would. */
async function pool(count: number, parallelism: number, job: (i: number) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await job(next++);
  };
  await Promise.all(Array.from({ length: parallelism }, worker));
}

it("600 creates under two windows (PostHog's, scaled down 120x) get zero 429s", async () => {
  // 480/minute and 4800/hour scaled down would let 600 through the hour at once; 400 in 2 s makes it bind too.
  const windows = [
    { limit: 100, windowMs: 500 },
    { limit: 400, windowMs: 2000 },
  ];
  await ctl.call("POST", "rate-limit", { windows });
  const c = await clientWithNewKey({ rateWindows: windows });
  await pool(600, 32, (i) =>
    c.surveys.create(emu.projectId, { name: `windowed ${i}`, type: "popover", questions: [] }),
  );
  const log = await ctl.requests();
  expect(log.filter((r) => r.status === 429)).toEqual([]);
  expect(log.filter((r) => r.method === "POST" && r.status === 201)).toHaveLength(600);
});

it("a 429 from PostHog pauses every waiter once: one request probes, then the rest go together", async () => {
  await ctl.faults([
    { method: "GET", path: "surveys", times: 3, status: 429, retryAfter: 1 },
    // The first retry (the probe) is slow: the others must still wait for its answer. (A fault counts only
    // the requests no earlier fault took: 7 got through the first one.)
    { method: "GET", path: "surveys", skip: 7, times: 1, latencyMs: 400 },
  ]);
  const c = await clientWithNewKey({ rateWindows: [] });
  await Promise.all(Array.from({ length: 10 }, () => c.surveys.list(emu.projectId, { limit: 1 })));
  const log = (await ctl.call<{ requests: Array<{ status: number; time: string }> }>("GET", "requests"))
    .requests;
  expect(log.map((r) => r.status)).toEqual([429, 429, 429, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]);
  const at = log.map((r) => Date.parse(r.time));
  const lastThrottled = at[2];
  const retries = at.slice(-3);
  // Nothing retried before Retry-After; the slow probe was answered before the other two were sent, and they
  // followed it without a second back-off.
  expect(retries[0] - lastThrottled).toBeGreaterThanOrEqual(1400);
  // A second back-off would add at least the 1 s Retry-After; a loaded machine adds far less than that.
  expect(retries[2] - retries[0]).toBeLessThan(1000);
});

it("fails at once with an actionable message when the wait cannot fit in the deadline", async () => {
  const c = await clientWithNewKey({ rateWindows: [{ limit: 2, windowMs: 60_000 }], deadlineMs: 5000 });
  await c.surveys.list(emu.projectId);
  await c.surveys.list(emu.projectId);
  const before = Date.now();
  const error = await c.surveys.list(emu.projectId).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PostHogApiError);
  const e = error as PostHogApiError;
  expect(e.code).toBe("rate_limited");
  const m =
    /^PostHog API GET \/api\/projects\/\d+\/surveys\/ failed: rate limit: the rate window of 2 requests per minute for this API key is used up until (\S+) \((\d+\.\d) s from now\), past this request's deadline \(5\.0 s left\)\. Lower the parallelism \(pulumi up --parallel\), raise posthog:requestDeadlineMs, or wait until then and run again\.$/.exec(
      e.message,
    );
  expect(m).not.toBeNull();
  const frees = Date.parse(m?.[1] ?? "");
  expect(frees).toBeGreaterThan(before + 55_000);
  expect(frees).toBeLessThanOrEqual(Date.now() + 60_000);
  // The third request never left.
  expect((await ctl.requests()).map((r) => r.status)).toEqual([200, 200]);
});

it("reads the windows and the deadline from settings; off turns the windows off", () => {
  const env = { POSTHOG_RATE_WINDOWS: "48/6s,4800/hour", POSTHOG_REQUEST_DEADLINE_MS: "60000" };
  expect(resolveSettings({}, env)).toMatchObject({
    rateWindows: [
      { limit: 48, windowMs: 6000 },
      { limit: 4800, windowMs: 3_600_000 },
    ],
    requestDeadlineMs: 60_000,
  });
  expect(resolveSettings({}, { POSTHOG_RATE_WINDOWS: "off" }).rateWindows).toEqual([]);
  expect(resolveSettings({}, {}).rateWindows).toEqual(POSTHOG_CLOUD_RATE_WINDOWS);
  expect(resolveSettings({}, {}).requestDeadlineMs).toBe(300_000);
  expect(() => resolveSettings({}, { POSTHOG_RATE_WINDOWS: "480 a minute" })).toThrow(
    'rateWindows must be "off" or a comma-separated list like "480/minute,4800/hour": "480 a minute" is not <count>/<period> (e.g. 480/minute, 4800/hour, 48/6s).',
  );
});
