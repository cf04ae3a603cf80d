// Benchmark 6: a simulated hour. PostHog's windows scaled down 60x on both sides (480 per second, 4800 per
// minute: the same ratio), 6000 requests from the client at parallelism 16 against the emulator enforcing
// them: failures, 429s and time against the sustained floor. Then a request whose deadline (300 s scaled,
// 5 s) cannot fit the wait, sent while the sustained window is full: it must fail at once, with its message.
import { createClient, PostHogApiError } from "../src/client";
import { startEmulator } from "../src/emulator";
import { ms, ratio, Row } from "./table";

const SCALE = 60;
const WINDOWS = [
  { limit: 480, windowMs: 60_000 / SCALE },
  { limit: 4800, windowMs: 3_600_000 / SCALE },
];
const COUNT = 6000;
const PARALLELISM = 16;
const HOUR_MS = 3_600_000 / SCALE;
const DEFAULT_DEADLINE_MS = 300_000 / SCALE;
const COMMAND = "npm run bench -- --only hour";

interface FailFast {
  afterMs: number;
  message: string;
}

async function failFast(run: () => Promise<unknown>): Promise<FailFast> {
  const started = performance.now();
  try {
    await run();
  } catch (e) {
    if (e instanceof PostHogApiError && e.code === "rate_limited") {
      return { afterMs: performance.now() - started, message: e.message };
    }
    throw e;
  }
  throw new Error("the over-deadline request did not fail");
}

export async function hourRows(): Promise<Row[]> {
  const emu = await startEmulator({ port: 0 });
  try {
    const admin = { Authorization: `Bearer ${emu.apiKey}`, "Content-Type": "application/json" };
    const control = (path: string, body: unknown) =>
      fetch(`${emu.url}/_emulator/${path}`, { method: "POST", headers: admin, body: JSON.stringify(body) });
    await control("rate-limit", { windows: WINDOWS });
    const key = ((await (await control("keys", { scopes: ["*"] })).json()) as { key: string }).key;
    // A whole (scaled) hour of deadline: the requests past 4800 wait for the hour to roll over.
    const client = createClient({
      host: emu.url,
      apiKey: key,
      rateWindows: WINDOWS,
      deadlineMs: HOUR_MS + 5000,
    });
    const impatient = createClient({
      host: emu.url,
      apiKey: key,
      rateWindows: WINDOWS,
      deadlineMs: DEFAULT_DEADLINE_MS,
    });
    let failures = 0;
    let overDeadline: Promise<FailFast> | undefined;
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < COUNT) {
        const i = next++;
        if (i === 4800) overDeadline = failFast(() => impatient.surveys.list(emu.projectId, { limit: 1 }));
        await client.surveys.list(emu.projectId, { limit: 1 }).catch(() => failures++);
      }
    };
    await Promise.all(Array.from({ length: PARALLELISM }, worker));
    const took = performance.now() - started;
    const log = (await (await fetch(`${emu.url}/_emulator/requests`, { headers: admin })).json()) as {
      requests: Array<{ status: number }>;
    };
    const throttled = log.requests.filter((r) => r.status === 429).length;
    const fast = await (overDeadline ?? Promise.reject(new Error("no over-deadline request was sent")));
    const floor = (Math.ceil(COUNT / 4800) - 1) * HOUR_MS;
    return [
      {
        benchmark: `simulated hour: ${COUNT} requests, PostHog's windows scaled 1/${SCALE} (480/1 s, 4800/60 s), parallelism ${PARALLELISM}`,
        figure: `${ms(took)}; ${failures} failed; ${throttled} x 429`,
        floor: `${ms(floor)} (sustained floor: (ceil(N/4800) - 1) hours, scaled)`,
        ratio: ratio(took, floor),
        command: COMMAND,
      },
      {
        benchmark: `simulated hour: a request with the default deadline (300 s, scaled ${ms(DEFAULT_DEADLINE_MS)}) once the hour is used up`,
        figure: `failed after ${ms(fast.afterMs)}: "${fast.message.replace(/^PostHog API GET \S+ failed: /, "")}"`,
        floor: "-",
        ratio: "-",
        command: COMMAND,
      },
    ];
  } finally {
    await emu.close();
  }
}
