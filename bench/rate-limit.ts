// Benchmark 4: 600 creates through the engine with the emulator enforcing PostHog's two windows (480 a minute,
// 4800 an hour, per key) and the package's default settings: failed operations, 429s received, and time
// against the floor the windows set.
import { surveys } from "./programs";
import { withStack } from "./stacks";
import { ms, ratio, Row } from "./table";

const COUNT = 600;
const BURST = { limit: 480, windowMs: 60_000 };
const COMMAND = "npm run bench -- --only rate-limit";

export async function rateLimitRows(): Promise<Row[]> {
  return withStack("default", async ({ stack, newEngine }) => {
    await stack.control("POST", "/rate-limit", { preset: "posthog" });
    const engine = newEngine();
    const startedAt = Date.now();
    const started = performance.now();
    const up = await engine.up(surveys(COUNT, "limited"));
    const took = performance.now() - started;
    const log = await stack.requests();
    const throttled = log.filter((r) => r.status === 429).length;
    const creates = log.filter((r) => r.method === "POST" && r.status === 201);
    const created = creates.length;
    // A window's worth goes at once; every further window lets the limit through again.
    const floor = (Math.ceil(COUNT / BURST.limit) - 1) * BURST.windowMs;
    // The last 120 can go only as the first 120 leave the minute: at best a minute after the 120th was logged.
    // When the harness cannot create as fast as the window allows, this is the floor it could reach.
    const overflow = COUNT - BURST.limit;
    const reachable = BURST.windowMs + (Date.parse(creates[overflow - 1]?.time ?? "") - startedAt);
    return [
      {
        benchmark: `${COUNT} creates, emulator enforcing PostHog's windows (480/min, 4800/h), default settings`,
        figure: `${ms(took)}; ${up.errors.length} failed ops; ${throttled} x 429; ${created} created`,
        floor: `${ms(floor)} ((ceil(N/480) - 1) minutes); reachable at this machine's pace: ${ms(reachable)} (a minute after the ${overflow}th create)`,
        ratio: `${ratio(took, floor)} (${ratio(took, reachable)} of reachable)`,
        command: COMMAND,
      },
    ];
  });
}
