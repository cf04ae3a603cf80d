// Issue 50, case 2, through the engine harness on the dynamic providers: `posthog:projectId` (and
// `posthog:organizationId`) changed on a stack whose survey holds responses. The survey and the invite stay where
// they live: the preview plans no replacement and says so, the `up` sends PostHog no write, and the state keeps
// both objects. The real CLI runs the same case on both faces in test/cli/config-change.test.ts.
// Issue 50, cases 1 and 3 on the dynamic face, which has no DiffConfig (the SDK's dynamic provider answers it
// unimplemented): the host the state records (provider-kit/recorded-host.ts) is the old host. Respelled for the
// same PostHog: no replacement, no write, only the lookup. Another PostHog: a warning naming both hosts, a create
// at the new host, and nothing sent to the old one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmulator } from "posthog-emulator";
import { Invite, Survey } from "../../src";
import { emulatorCall } from "../support/fresh-connection";
import type { LoggedRequest } from "../support/stack";
import { createEngine, type Program } from "../support/engine";
import { newRun, received } from "../support/kill-point";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
let dir: string;
beforeAll(async () => {
  stack = await startStack();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-config-change-"));
});
afterAll(async () => {
  await stack?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const program: Program = () => {
  new Survey("nps", { name: "Config change NPS", type: "popover" });
  new Invite("invite", { targetEmail: "config-change@example.com", sendEmail: false });
};

/** One `pulumi` run on `statePath` with the stack config changed by `config`: a fresh provider process. */
async function run(
  statePath: string,
  config: Record<string, string>,
  op: "preview" | "up",
  on: TestStack = stack,
) {
  const { server } = await newRun(on, statePath);
  const engine = createEngine({ server, config: { ...on.config, ...config }, statePath });
  await on.clearRequests();
  const result = op === "up" ? await engine.up(program) : await engine.preview(program);
  await server.close();
  return {
    errors: result.errors.map((e) => e.message),
    steps: result.steps.map((s) => `${s.op} ${s.name}`),
    requests: received(await on.requests()).map((r) => `${r.method} ${r.path} ${r.status}`),
    warnings: server.engineLog(),
    state: engine.state(),
  };
}

test("a changed posthog:projectId and posthog:organizationId leave the survey (5 responses) and the invite where they live", async () => {
  const statePath = path.join(dir, "moved-settings.json");
  const first = await run(statePath, {}, "up");
  expect(first.errors).toEqual([]);
  const survey = first.state.find((r) => r.type.endsWith("Survey"));
  const surveyId = String(survey?.id);
  const other = await stack.control<{ id: number }>("POST", "/projects", { name: "Second project" });
  await stack.control("POST", `/surveys/${surveyId}/responses`, { count: 5 });
  const moved = {
    "posthog:projectId": String(other.id),
    "posthog:organizationId": "0b9e9a1e-0000-4000-8000-000000000002",
  };

  const preview = await run(statePath, moved, "preview");
  expect(preview.errors).toEqual([]);
  expect(preview.steps.filter((s) => !s.startsWith("same"))).toEqual([]);
  expect(preview.warnings).toContain(
    `Survey "Config change NPS" stays in project ${stack.projectId}, where it lives: the provider's projectId ` +
      `(posthog:projectId) is now ${other.id}`,
  );
  expect(preview.warnings).toContain(`stays in organization ${stack.organizationId}, where it lives`);

  const up = await run(statePath, moved, "up");
  expect(up.errors).toEqual([]);
  expect(up.requests.filter((r) => !r.startsWith("GET"))).toEqual([]);
  expect(up.state.find((r) => r.type.endsWith("Survey"))?.id).toBe(surveyId);
  const kept = await stack.control<{ surveys: { id: string }[]; responses: Record<string, number> }>(
    "GET",
    "/state",
  );
  expect(kept.surveys.map((s) => s.id)).toEqual([surveyId]);
  expect(kept.responses[surveyId]).toBe(5);
});

/** The host each resource's state records (provider-kit/recorded-host.ts), by resource name. */
const recordedHosts = (state: { name: string; type: string; outputs: Record<string, unknown> }[]) =>
  Object.fromEntries(
    state.filter((r) => /Survey|Invite/.test(r.type)).map((r) => [r.name, r.outputs.__host]),
  );

// The key and host check on, as a user has it: it is what tells two spellings of one PostHog apart.
const checked = { "posthog:checkKeyAndHost": "true" };

test("a host respelled for the same PostHog (127.0.0.1 -> localhost): no replacement, only the lookup GETs", async () => {
  const stack = await startStack(); // its own PostHog: the objects of the test above hold the names
  try {
    const statePath = path.join(dir, "respelled-host.json");
    const first = await run(statePath, checked, "up", stack);
    expect(first.errors).toEqual([]);
    // Recorded at create: the host the object lives at, never the key.
    expect(recordedHosts(first.state)).toEqual({ nps: stack.url, invite: stack.url });
    expect(JSON.stringify(first.state)).not.toContain(stack.apiKey);
    const surveyId = String(first.state.find((r) => r.type.endsWith("Survey"))?.id);
    const respelled = { ...checked, "posthog:host": stack.url.replace("127.0.0.1", "localhost") };
    expect(respelled["posthog:host"]).not.toBe(stack.url);

    const preview = await run(statePath, respelled, "preview", stack);
    expect(preview.errors).toEqual([]);
    expect(preview.steps.filter((s) => !s.startsWith("same"))).toEqual([]);
    expect(preview.warnings).not.toContain("another PostHog");
    // The survey is looked up by its id at the new spelling: the fact that it is the same PostHog.
    expect(preview.requests).toContain(`GET /api/projects/${stack.projectId}/surveys/${surveyId}/ 200`);

    const up = await run(statePath, respelled, "up", stack);
    expect(up.errors).toEqual([]);
    expect(up.steps.filter((s) => !s.startsWith("same"))).toEqual([]);
    expect(up.requests.filter((r) => !r.startsWith("GET"))).toEqual([]);
    expect(up.state.find((r) => r.type.endsWith("Survey"))?.id).toBe(surveyId);
    // Nothing written, so the state keeps the spelling of its last write until the next write or refresh.
    expect(recordedHosts(up.state)).toEqual({ nps: stack.url, invite: stack.url });
  } finally {
    await stack.close();
  }
});

test("a host changed to another PostHog: warned naming both hosts, created at the new host, nothing sent to the old one", async () => {
  const stack = await startStack(); // its own PostHog: the objects of the tests above hold the names
  const other = await startEmulator({ port: 0, apiKey: stack.apiKey });
  try {
    const statePath = path.join(dir, "other-posthog.json");
    const first = await run(statePath, checked, "up", stack);
    expect(first.errors).toEqual([]);
    const surveyId = String(first.state.find((r) => r.type.endsWith("Survey"))?.id);
    const atOther = async () =>
      (
        (await emulatorCall(other.url, other.apiKey, "GET", "/_emulator/requests")).body as {
          requests: LoggedRequest[];
        }
      ).requests.map((r) => `${r.method} ${r.path} ${r.status}`);
    // Another PostHog: its own organization, so the config names it as a user moving there would.
    const moved = { ...checked, "posthog:host": other.url, "posthog:organizationId": other.organizationId };

    const preview = await run(statePath, moved, "preview", stack);
    expect(preview.errors).toEqual([]);
    expect(preview.steps.filter((s) => !s.startsWith("same")).sort()).toEqual([
      "replace invite",
      "replace nps",
    ]);
    expect(preview.warnings).toContain(
      `Survey "Config change NPS": posthog:host changed from ${stack.url} to ${other.url}, another PostHog: it ` +
        `has no survey ${surveyId}.`,
    );
    expect(preview.warnings).toContain(
      // An invite is looked for by its organization: the warning says what the new host lacks (issue 55, case 10).
      `changed from ${stack.url} to ${other.url}, another PostHog: it has no organization ${stack.organizationId}, ` +
        "where invite",
    );
    expect(preview.warnings).not.toContain("stays in organization");
    expect(preview.requests).toEqual([]);
    // A replacement that deletes nothing counts no responses: the new host has no such survey (on a real second
    // PostHog perhaps no such project), so a count there could only refuse a plan that loses nothing.
    expect((await atOther()).filter((r) => r.includes("responses_count"))).toEqual([]);

    const up = await run(statePath, moved, "up", stack);
    expect(up.errors).toEqual([]);
    // The old host received nothing: no DELETE, no lookup.
    expect(up.requests).toEqual([]);
    expect((await atOther()).filter((r) => r.startsWith("POST")).sort()).toEqual([
      `POST /api/organizations/${other.organizationId}/invites/ 201`,
      `POST /api/projects/1/surveys/ 201`,
    ]);
    expect(up.warnings).toContain(`${surveyId} is left at ${stack.url}, not deleted`);
    expect(up.state.find((r) => r.type.endsWith("Survey"))?.id).not.toBe(surveyId);
    expect(recordedHosts(up.state)).toEqual({ nps: other.url, invite: other.url });
    const kept = await stack.control<{ surveys: { id: string }[] }>("GET", "/state");
    expect(kept.surveys.map((s) => s.id)).toContain(surveyId);

    // Settled: the next run at the new host checks nothing and changes nothing.
    const again = await run(statePath, moved, "preview", stack);
    expect(again.steps.filter((s) => !s.startsWith("same"))).toEqual([]);
    expect(again.warnings).not.toContain("another PostHog");
  } finally {
    await other.close();
    await stack.close();
  }
});
