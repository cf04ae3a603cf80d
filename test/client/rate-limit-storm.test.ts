import { startEmulator } from "posthog-emulator";
import { createClient } from "../../src/client";
import { control } from "./emulator-control";

// Own file so this ~20 s test (200 requests at the emulator's 10/s) runs beside the others.
it("finishes 200 requests through a 429 storm with zero failures", async () => {
  const emu = await startEmulator({ port: 0 });
  try {
    const ctl = control(emu.url, emu.apiKey);
    await ctl.call("POST", "rate-limit", { limit: 10, windowMs: 1000 });
    // Paced above the server's limit on purpose, so 429s happen and must be absorbed.
    const c = createClient({
      host: emu.url,
      apiKey: emu.apiKey,
      requestsPerSecond: 15,
      retryBaseMs: 10,
      retryMaxMs: 100,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => c.surveys.list(emu.projectId, { limit: 1 })),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const log = await ctl.requests();
    expect(log.filter((r) => r.status === 200)).toHaveLength(200);
    expect(log.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(log.every((r) => r.status === 200 || r.status === 429)).toBe(true);
  } finally {
    await emu.close();
  }
});
