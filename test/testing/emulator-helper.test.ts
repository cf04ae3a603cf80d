// pulumi-posthog/testing as a user's own unit tests use it: a program run under pulumi.runtime.setMocks whose
// data functions read from the emulator the helper started, reset between tests, and its request log.
import * as pulumi from "@pulumi/pulumi";
import { getSurveys } from "../../src";
import { startPostHogEmulator, type PostHogEmulator } from "../../src/testing";

let emulator: PostHogEmulator;
const before = { ...process.env };

beforeAll(async () => {
  for (const name of Object.keys(process.env)) if (name.startsWith("POSTHOG_")) delete process.env[name];
  process.env.POSTHOG_RATE_WINDOWS = "480/60s"; // a value of the user's own, to see it restored
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: () => ({}) },
    "unit-tests",
    "dev",
    false,
  );
  emulator = await startPostHogEmulator();
});
afterAll(async () => {
  await emulator?.close();
  process.env = before;
});
beforeEach(() => emulator.reset());

async function createSurvey(name: string): Promise<void> {
  const res = await fetch(`${emulator.url}/api/projects/${emulator.projectId}/surveys/`, {
    method: "POST",
    headers: { Authorization: `Bearer ${emulator.apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name, type: "popover", questions: [{ type: "open", question: "Why?" }] }),
  });
  expect(res.status).toBe(201);
}

it("points this process at the emulator through the POSTHOG_* environment", () => {
  expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(emulator.environment).toEqual({
    POSTHOG_HOST: emulator.url,
    POSTHOG_API_KEY: emulator.apiKey,
    POSTHOG_PROJECT_ID: String(emulator.projectId),
    POSTHOG_ORGANIZATION_ID: emulator.organizationId,
    POSTHOG_RATE_WINDOWS: "off",
  });
  for (const [name, value] of Object.entries(emulator.environment)) expect(process.env[name]).toBe(value);
  expect(emulator.config).toEqual({
    "posthog:host": emulator.url,
    "posthog:apiKey": emulator.apiKey,
    "posthog:projectId": String(emulator.projectId),
    "posthog:organizationId": emulator.organizationId,
    "posthog:rateWindows": "off",
  });
});

it("data functions in a mocked program read what the emulator holds, and the log shows the request", async () => {
  await createSurvey("Quarterly NPS");
  await emulator.clearRequests();
  const { surveys } = await getSurveys({ search: "NPS" });
  expect(surveys.map((s) => s.name)).toEqual(["Quarterly NPS"]);
  expect(await emulator.requests()).toEqual([
    {
      method: "GET",
      path: `/api/projects/${emulator.projectId}/surveys/`,
      query: expect.stringContaining("search=NPS"),
      status: 200,
      body: null,
    },
  ]);
});

it("reset empties the emulator and its log between tests", async () => {
  await createSurvey("Left over");
  expect(await emulator.requests()).toHaveLength(1);
  await emulator.reset();
  expect(await emulator.requests()).toEqual([]);
  expect((await getSurveys()).surveys).toEqual([]);
});

it("close stops the emulator and puts the environment back", async () => {
  const second = await startPostHogEmulator();
  expect(process.env.POSTHOG_HOST).toBe(second.url);
  await second.close();
  // The first helper's values again, then the user's own once that one closes too.
  expect(process.env.POSTHOG_HOST).toBe(emulator.url);
  await expect(fetch(`${second.url}/api/users/@me/`)).rejects.toThrow();
  const third = await startPostHogEmulator({ setEnvironment: false });
  expect(process.env.POSTHOG_HOST).toBe(emulator.url);
  await third.close();
});
