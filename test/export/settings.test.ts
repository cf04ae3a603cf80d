// Export builds its client from the same settings as the providers: POSTHOG_REQUEST_TIMEOUT_MS and
// POSTHOG_RETRY_BASE_MS change what it sends (it used to build its client by hand and ignore both).
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import { exportProgram } from "../../src/export";

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emulator?.close();
});

async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${emulator.url}/_emulator${path}`, {
    method,
    headers: { authorization: `Bearer ${emulator.apiKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

interface Logged {
  method: string;
  path: string;
  status: number;
  time: string;
}

/** The survey listings the emulator received, once `count` of them have been logged (a request is logged when
 * the emulator answers it, which for an abandoned attempt is after its injected latency). */
async function surveyListings(count: number): Promise<Logged[]> {
  for (let polls = 0; ; polls++) {
    const { requests } = (await control("GET", "/requests")) as { requests: Logged[] };
    const listings = requests.filter((r) => r.method === "GET" && /\/surveys\/?$/.test(r.path));
    if (listings.length >= count || polls === 50) return listings;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const env = (extra: Record<string, string>) => ({
  POSTHOG_HOST: emulator.url,
  POSTHOG_API_KEY: emulator.apiKey,
  POSTHOG_REQUESTS_PER_SECOND: "0",
  ...extra,
});

beforeEach(async () => {
  await control("DELETE", "/requests");
  await control("DELETE", "/faults");
});

test("POSTHOG_REQUEST_TIMEOUT_MS bounds each attempt: a slow listing is abandoned and asked again", async () => {
  await control("POST", "/faults", {
    faults: [{ method: "GET", path: "/projects/\\d+/surveys/(\\?|$)", times: 1, latencyMs: 3000 }],
  });
  const result = await exportProgram({
    invites: false,
    projectId: emulator.projectId,
    env: env({ POSTHOG_REQUEST_TIMEOUT_MS: "300", POSTHOG_RETRY_BASE_MS: "1" }),
  });
  expect(result.surveys).toBe(0);
  expect(await surveyListings(2)).toHaveLength(2);
});

test("POSTHOG_RETRY_BASE_MS sets the first back-off: the retry after a 503 waits at least 0.7 of it", async () => {
  await control("POST", "/faults", {
    faults: [{ method: "GET", path: "/projects/\\d+/surveys/(\\?|$)", times: 1, status: 503 }],
  });
  await exportProgram({
    invites: false,
    projectId: emulator.projectId,
    env: env({ POSTHOG_RETRY_BASE_MS: "4000" }),
  });
  const [failed, retried] = await surveyListings(2);
  expect([failed.status, retried.status]).toEqual([503, 200]);
  // The back-off is the base with +-30% jitter; the default base (500 ms) would retry well within 2.8 s.
  expect(Date.parse(retried.time) - Date.parse(failed.time)).toBeGreaterThanOrEqual(2800);
});
