// Benchmark 4: creates against the emulator's rate limit (PostHog: 480 a minute per key, scaled to 48 per 6 s,
// the same rate): failed operations, 429s received, and time against the floor the limit sets.
import { surveys } from "./programs";
import { Pace, withStack } from "./stacks";
import { ms, ratio, Row } from "./table";

const LIMIT = 48;
const WINDOW_MS = 6000;
const COMMAND = "npm run bench -- --only rate-limit";

async function limitedCreate(pace: Pace, count: number): Promise<Row> {
  return withStack(pace, async ({ stack, newEngine }) => {
    await stack.control("POST", "/rate-limit", { limit: LIMIT, windowMs: WINDOW_MS });
    const engine = newEngine();
    const started = performance.now();
    const up = await engine.up(surveys(count, `limited-${pace}`));
    const took = performance.now() - started;
    const log = await stack.requests();
    const throttled = log.filter((r) => r.status === 429).length;
    const created = log.filter((r) => r.method === "POST" && r.status === 201).length;
    // A window's worth goes at once; every further window lets LIMIT more through.
    const floor = (Math.ceil(count / LIMIT) - 1) * WINDOW_MS;
    return {
      benchmark: `${count} creates, limit ${LIMIT} per ${WINDOW_MS / 1000} s (= 480/min), ${pace === "default" ? "default pace" : "pacing off"}`,
      figure: `${ms(took)}; ${up.errors.length} failed ops; ${throttled} x 429; ${created} created`,
      floor: `${ms(floor)} ((ceil(N/${LIMIT}) - 1) windows)`,
      ratio: ratio(took, floor),
      command: COMMAND,
    };
  });
}

export async function rateLimitRows(): Promise<Row[]> {
  return [await limitedCreate("default", 600), await limitedCreate("off", 100)];
}
