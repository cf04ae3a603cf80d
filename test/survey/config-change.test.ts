// Issue 50, case 2, through the engine harness on the dynamic providers: `posthog:projectId` (and
// `posthog:organizationId`) changed on a stack whose survey holds responses. The survey and the invite stay where
// they live: the preview plans no replacement and says so, the `up` sends PostHog no write, and the state keeps
// both objects. The real CLI runs the same case on both faces in test/cli/config-change.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Invite, Survey } from "../../src";
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
async function run(statePath: string, config: Record<string, string>, op: "preview" | "up") {
  const { server } = await newRun(stack, statePath);
  const engine = createEngine({ server, config: { ...stack.config, ...config }, statePath });
  await stack.clearRequests();
  const result = op === "up" ? await engine.up(program) : await engine.preview(program);
  await server.close();
  return {
    errors: result.errors.map((e) => e.message),
    steps: result.steps.map((s) => `${s.op} ${s.name}`),
    requests: received(await stack.requests()).map((r) => `${r.method} ${r.path} ${r.status}`),
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
