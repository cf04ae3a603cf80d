// Benchmark 6: a simulated hour. PostHog's windows scaled down on both sides by the same factor, 6000 requests
// from the client against the emulator enforcing them (in its own process, so client and server each get a
// core): failures, 429s and time against the sustained floor. Then a request with the default deadline
// (scaled too), sent while the sustained window is full: it must fail at once, with its message.
import { createClient, PostHogApiError } from "../src/client";
import { startEmulatorProcess } from "../test/support/emulator-process";
import { ms, ratio, Row } from "./table";

const SCALE = 30;
const WINDOWS = [
  { limit: 480, windowMs: 60_000 / SCALE },
  { limit: 4800, windowMs: 3_600_000 / SCALE },
];
const COUNT = 6000;
const PARALLELISM = 32;
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
  const emu = await startEmulatorProcess();
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
    const answers: number[] = [];
    let overDeadline: Promise<FailFast> | undefined;
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < COUNT) {
        const i = next++;
        if (i === 4800) overDeadline = failFast(() => impatient.surveys.list(emu.projectId, { limit: 1 }));
        await client.surveys.list(emu.projectId, { limit: 1 }).catch(() => failures++);
        answers.push(performance.now() - started);
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
    // The last 1200 can go only as the first 1200 leave the hour: at best the hour after the 1200th answer.
    // When the machine cannot send as fast as the windows allow, this is the floor it could reach.
    const overflow = COUNT - 4800;
    const reachable = HOUR_MS + answers[overflow - 1];
    return [
      {
        benchmark: `simulated hour: ${COUNT} requests, PostHog's windows scaled 1/${SCALE} (480/${ms(WINDOWS[0].windowMs)}, 4800/${ms(WINDOWS[1].windowMs)}), parallelism ${PARALLELISM}`,
        figure: `${ms(took)}; ${failures} failed; ${throttled} x 429`,
        floor: `${ms(floor)} (sustained floor: (ceil(N/4800) - 1) hours, scaled); reachable at this machine's pace: ${ms(reachable)} (the hour after the ${overflow}th answer)`,
        ratio: `${ratio(took, floor)} (${ratio(took, reachable)} of reachable)`,
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
