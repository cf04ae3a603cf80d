// Test controls: faults, rate limit, latency, request log, clock, reset, state.
import { errorBody, useHarness } from "./helpers";

const h = useHarness();

const surveys = () => `/api/projects/${h.em.projectId}/surveys/`;

describe("faults", () => {
  it("status fault with PostHog's default body, skip and times, then normal service", async () => {
    await h.control("POST", "/faults", {
      faults: [{ method: "GET", path: "/surveys/?$", status: 500, skip: 1, times: 2 }],
    });
    expect((await h.api("GET", surveys())).status).toBe(200);
    const failed = await h.api("GET", surveys());
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual(errorBody("server_error", "error", "A server error occurred."));
    expect((await h.api("GET", surveys())).status).toBe(500);
    expect((await h.api("GET", surveys())).status).toBe(200);
    expect((await h.api("POST", surveys(), { name: "post ok", type: "api" })).status).toBe(201);
  });

  it("custom body and Retry-After; DELETE clears", async () => {
    await h.control("POST", "/faults", {
      faults: [{ path: "surveys", status: 503, body: { detail: "down" }, retryAfter: 7 }],
    });
    const r = await h.api("GET", surveys());
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ detail: "down" });
    expect(r.headers.get("retry-after")).toBe("7");
    await h.control("DELETE", "/faults");
    expect((await h.api("GET", surveys())).status).toBe(200);
  });

  it("a 429 fault gets the throttled body and Retry-After", async () => {
    await h.control("POST", "/faults", {
      faults: [{ path: "surveys", status: 429, retryAfter: 2, times: 1 }],
    });
    const r = await h.api("GET", surveys());
    expect(r.status).toBe(429);
    expect(r.body).toEqual(
      errorBody("throttled_error", "throttled", "Request was throttled. Expected available in 2 seconds."),
    );
    expect(r.headers.get("retry-after")).toBe("2");
  });

  it("reset destroys the connection without applying the request", async () => {
    await h.control("POST", "/faults", {
      faults: [{ method: "POST", path: "/surveys/?$", reset: true, times: 1 }],
    });
    await expect(h.api("POST", surveys(), { name: "never", type: "api" })).rejects.toThrow();
    expect((await h.api("GET", surveys())).body.count).toBe(0);
  });

  it("commitThenDrop performs the write and then drops the connection", async () => {
    await h.control("POST", "/faults", {
      faults: [{ method: "POST", path: "/surveys/?$", commitThenDrop: true, times: 1 }],
    });
    await expect(h.api("POST", surveys(), { name: "committed", type: "api" })).rejects.toThrow();
    const list = await h.api("GET", surveys());
    expect(list.body.results.map((s: { name: string }) => s.name)).toEqual(["committed"]);
    const log = (await h.control("GET", "/requests")).body.requests;
    expect(log[0]).toMatchObject({ method: "POST", status: 201, body: { name: "committed", type: "api" } });
  });

  it("latency faults delay and then answer normally", async () => {
    await h.control("POST", "/faults", { faults: [{ path: "surveys", latencyMs: 150, times: 1 }] });
    const t0 = Date.now();
    expect((await h.api("GET", surveys())).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it("bad fault definitions are rejected", async () => {
    expect((await h.control("POST", "/faults", { faults: [{ path: "(" }] })).status).toBe(400);
    expect((await h.control("POST", "/faults", { faults: "x" })).status).toBe(400);
  });
});

describe("rate limit", () => {
  it("throttles per key with 429 and whole-second Retry-After; controls are never limited", async () => {
    await h.control("POST", "/rate-limit", { limit: 2, windowMs: 1500 });
    expect((await h.api("GET", surveys())).status).toBe(200);
    expect((await h.api("GET", surveys())).status).toBe(200);
    const r = await h.api("GET", surveys());
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBe("2");
    expect(r.body).toEqual(
      errorBody("throttled_error", "throttled", "Request was throttled. Expected available in 2 seconds."),
    );
    const other = (await h.control("POST", "/keys", { scopes: ["*"] })).body.key;
    expect((await h.api("GET", surveys(), undefined, { key: other })).status).toBe(200);
    expect((await h.control("GET", "/state")).status).toBe(200);
    await h.control("POST", "/rate-limit", { limit: null });
    expect((await h.api("GET", surveys())).status).toBe(200);
  });
});

describe("request log, latency, clock, reset", () => {
  it("records API requests (not controls) with path, raw query, status and parsed body", async () => {
    await h.api("GET", `${surveys()}?limit=5&search=a%20b`);
    await h.api("POST", surveys(), { name: "logged", type: "api" });
    await h.api("POST", surveys(), undefined, { raw: "{oops" });
    const log = (await h.control("GET", "/requests")).body.requests;
    expect(log).toHaveLength(3);
    expect(log[0]).toMatchObject({
      seq: 1,
      method: "GET",
      path: surveys(),
      query: "limit=5&search=a%20b",
      status: 200,
      body: null,
    });
    expect(log[1]).toMatchObject({ method: "POST", status: 201, body: { name: "logged", type: "api" } });
    expect(log[2]).toMatchObject({ status: 400, body: null });
    expect(new Date(log[0].time).toString()).not.toBe("Invalid Date");
    await h.control("DELETE", "/requests");
    expect((await h.control("GET", "/requests")).body.requests).toEqual([]);
  });

  it("latency applies to every API request", async () => {
    await h.control("POST", "/latency", { ms: 120 });
    const t0 = Date.now();
    await h.api("GET", surveys());
    expect(Date.now() - t0).toBeGreaterThanOrEqual(110);
    await h.control("POST", "/latency", { ms: 0 });
  });

  it("clock can be set and advanced, and stamps created_at", async () => {
    const set = await h.control("POST", "/clock", { now: "2030-01-01T00:00:00Z" });
    expect(set.body.now.startsWith("2030-01-01T00:00:0")).toBe(true);
    const adv = await h.control("POST", "/clock", { advanceSeconds: 3600 });
    expect(adv.body.now.startsWith("2030-01-01T01:00:0")).toBe(true);
    const s = await h.survey({ name: "future" });
    expect(s.body.created_at.startsWith("2030-01-01T01:00:0")).toBe(true);
    expect((await h.control("POST", "/clock", { now: "not a date" })).status).toBe(400);
  });

  it("reset wipes data, keys, faults, rate limit and clock but keeps org, project and admin key", async () => {
    await h.survey({ name: "x" });
    const key = (await h.control("POST", "/keys", { scopes: ["*"] })).body.key;
    await h.control("POST", "/clock", { advanceSeconds: 86400 * 365 });
    await h.control("POST", "/faults", { faults: [{ path: ".", status: 500 }] });
    await h.control("POST", "/rate-limit", { limit: 1, windowMs: 60000 });
    await h.reset();
    expect((await h.api("GET", surveys())).body.count).toBe(0);
    expect((await h.api("GET", surveys(), undefined, { key })).status).toBe(401);
    expect((await h.api("GET", surveys())).status).toBe(200);
    const now = Date.parse((await h.control("GET", "/clock")).body.now);
    expect(Math.abs(now - Date.now())).toBeLessThan(5000);
    const state = (await h.control("GET", "/state")).body;
    expect(state).toMatchObject({ surveys: [], invites: [], flags: [] });
    expect(state.members).toHaveLength(1);
  });
});
