// The emulator's model of PostHog's per-key throttles (DRF SimpleRateThrottle logs), on the emulator clock.
import { useHarness } from "./helpers";

const h = useHarness();

const surveys = () => `/api/projects/${h.em.projectId}/surveys/`;
const get = () => h.api("GET", surveys());

describe("rate-limit control with two windows", () => {
  it("a request one window refuses still counts in the other, and Retry-After is the longest wait", async () => {
    const set = await h.control("POST", "/rate-limit", {
      windows: [
        { limit: 2, windowMs: 60_000 },
        { limit: 3, windowMs: 3_600_000 },
      ],
    });
    expect(set.body).toEqual({
      ok: true,
      windows: [
        { limit: 2, windowMs: 60_000 },
        { limit: 3, windowMs: 3_600_000 },
      ],
    });
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(200);
    const burst = await get();
    expect(burst.status).toBe(429);
    expect(burst.headers.get("retry-after")).toBe("60");
    expect(burst.body.detail).toBe("Request was throttled. Expected available in 60 seconds.");

    // A minute later the short window is empty, but the hour has logged all three requests, the refused one too.
    await h.control("POST", "/clock", { advanceSeconds: 60 });
    const sustained = await get();
    expect(sustained.status).toBe(429);
    expect(sustained.headers.get("retry-after")).toBe("3540");
    expect(sustained.body.detail).toBe("Request was throttled. Expected available in 3540 seconds.");

    await h.control("POST", "/clock", { advanceSeconds: 3540 });
    expect((await get()).status).toBe(200);
    const log = (await h.control("GET", "/requests")).body.requests.map((r: { status: number }) => r.status);
    expect(log).toEqual([200, 200, 429, 429, 200]);
  });

  it('{preset: "posthog"} enforces 480 a minute per key', async () => {
    expect((await h.control("POST", "/rate-limit", { preset: "posthog" })).body.windows).toEqual([
      { limit: 480, windowMs: 60_000 },
      { limit: 4800, windowMs: 3_600_000 },
    ]);
    const statuses = await Promise.all(Array.from({ length: 481 }, async () => (await get()).status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(480);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    await h.control("POST", "/clock", { advanceSeconds: 60 });
    expect((await get()).status).toBe(200);
  });

  it("turns off with {windows: null} or {preset: off}, and refuses malformed bodies", async () => {
    await h.control("POST", "/rate-limit", { windows: [{ limit: 1, windowMs: 60_000 }] });
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(429);
    expect((await h.control("POST", "/rate-limit", { windows: null })).body).toEqual({
      ok: true,
      limit: null,
      windows: null,
    });
    expect((await get()).status).toBe(200);
    await h.control("POST", "/rate-limit", { preset: "posthog" });
    await h.control("POST", "/rate-limit", { preset: "off" });
    expect((await get()).status).toBe(200);
    const bad = await h.control("POST", "/rate-limit", { windows: [{ limit: 0, windowMs: 1000 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.attr).toBe("windows__0__limit");
    expect((await h.control("POST", "/rate-limit", { preset: "fast" })).status).toBe(400);
    expect((await h.control("POST", "/rate-limit", { windows: [] })).status).toBe(400);
  });
});

describe("what the throttles count (DRF checks permissions, then throttles, then routes the method)", () => {
  it("a 405 counts toward the window; a permission 403 or a foreign organization does not", async () => {
    await h.control("POST", "/rate-limit", { windows: [{ limit: 2, windowMs: 60_000 }] });
    const noAction = await h.api("PUT", surveys(), {});
    expect(noAction.status).toBe(403);
    const foreign = await h.api("GET", "/api/organizations/00000000-0000-4000-8000-000000000000/invites/");
    expect(foreign.status).toBe(404);
    expect((await h.api("PATCH", surveys(), {})).status).toBe(405);
    expect((await get()).status).toBe(200);
    // The 405 and the GET filled the window of 2; the 403 and the 404 were refused before the throttles.
    const next = await get();
    expect(next.status).toBe(429);
    const log = (await h.control("GET", "/requests")).body.requests.map((r: { status: number }) => r.status);
    expect(log).toEqual([403, 404, 405, 200, 429]);
  });
});
