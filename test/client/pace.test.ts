import { getPacer, pacerKey, resolveRequestsPerSecond } from "../../src/client/pace";

async function timeAcquires(n: number, acquire: () => Promise<void>): Promise<number> {
  const start = Date.now();
  await Promise.all(Array.from({ length: n }, () => acquire()));
  return Date.now() - start;
}

describe("pace", () => {
  it("spaces requests evenly at the configured rate", async () => {
    const p = getPacer("http://pace-a", "k1-long-enough", 20);
    const ms = await timeAcquires(11, () => p.acquire());
    expect(ms).toBeGreaterThanOrEqual(480); // 10 intervals of 50 ms
    expect(ms).toBeLessThan(1200);
  });

  it("is shared by every client with the same host and key", async () => {
    const a = getPacer("http://pace-b", "k2-long-enough", 20);
    const b = getPacer("http://pace-b", "k2-long-enough", 20);
    expect(a).toBe(b);
    const ms = await timeAcquires(10, () => Promise.all([a.acquire(), b.acquire()]).then(() => undefined));
    expect(ms).toBeGreaterThanOrEqual(900); // 20 slots at 20/s
  });

  it("keeps different keys and hosts independent", async () => {
    const a = getPacer("http://pace-c", "k3-long-enough", 10);
    const b = getPacer("http://pace-c", "k4-long-enough", 10);
    const c = getPacer("http://pace-d", "k3-long-enough", 10);
    expect(a).not.toBe(b);
    expect(a).not.toBe(c);
    const ms = await timeAcquires(1, () =>
      Promise.all([a.acquire(), b.acquire(), c.acquire()]).then(() => undefined),
    );
    expect(ms).toBeLessThan(50);
  });

  it("0 means unpaced", async () => {
    const p = getPacer("http://pace-e", "k5-long-enough", 0);
    expect(await timeAcquires(200, () => p.acquire())).toBeLessThan(50);
  });

  it("never keeps the key in its map key", () => {
    expect(pacerKey("http://h", "phx_abcdefgh")).not.toContain("phx_abcdefgh");
  });

  it("resolves option, then POSTHOG_REQUESTS_PER_SECOND, then 8", () => {
    expect(resolveRequestsPerSecond(3, { POSTHOG_REQUESTS_PER_SECOND: "5" })).toBe(3);
    expect(resolveRequestsPerSecond(undefined, { POSTHOG_REQUESTS_PER_SECOND: "5" })).toBe(5);
    expect(resolveRequestsPerSecond(undefined, { POSTHOG_REQUESTS_PER_SECOND: "0" })).toBe(0);
    expect(resolveRequestsPerSecond(undefined, { POSTHOG_REQUESTS_PER_SECOND: "fast" })).toBe(8);
    expect(resolveRequestsPerSecond(undefined, {})).toBe(8);
  });
});
