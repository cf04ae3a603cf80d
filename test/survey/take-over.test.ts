// When a create meets what looks like an interrupted run's object (docs/contributing/interrupted-runs.md): a survey holding the
// name is taken over only if it is exactly what the create would make and the key's user made it; otherwise the
// error says why and how to adopt it. A resource renamed without an alias takes over its old object, and the
// delete of the old name leaves that object alone. Each run gets its own plugin process, as each `pulumi` run does.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Invite, Survey, SurveyArgs } from "../../src";
import type { Program } from "../support/engine";
import { emulatorCall } from "../support/fresh-connection";
import { newRun, received } from "../support/kill-point";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
let dir: string;
beforeAll(async () => {
  stack = await startStack();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-take-over-"));
});
afterAll(async () => {
  await stack?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const surveys = `/api/projects/${"{project}"}/surveys/`;
const surveysPath = () => surveys.replace("{project}", String(stack.projectId));

const args = (name: string): SurveyArgs => ({
  name,
  type: "popover",
  questions: [{ type: "open", question: "What brought you here?" }],
});

/** One `pulumi` run: a fresh plugin process on `statePath`. */
async function up(statePath: string, program: Program) {
  const { server, engine } = await newRun(stack, statePath);
  await stack.clearRequests();
  const result = await engine.up(program);
  await server.close();
  return {
    errors: result.errors.map((e) => e.message),
    steps: result.steps.map((s) => `${s.op} ${s.name}`),
    requests: received(await stack.requests()).map((r) => `${r.method} ${r.path} ${r.status}`),
    warnings: server.engineLog(),
    state: engine.state(),
  };
}

const statePath = (name: string) => path.join(dir, `${name}.json`);

test("a survey holding the name with other content is not taken over: the error names what differs and adopt", async () => {
  const made = await stack.api<{ id: string }>("POST", surveysPath(), {
    ...args("Differs"),
    description: "written in the UI",
  });
  const run = await up(statePath("differs"), () => {
    new Survey("s", args("Differs"));
  });
  expect(run.errors).toHaveLength(1);
  expect(run.errors[0]).toContain("There is already a survey with this name");
  expect(run.errors[0]).toContain(`Survey ${made.body.id} holds the name`);
  expect(run.errors[0]).toContain("it differs from this program in description");
  expect(run.errors[0]).toContain('set adopt: {name: "Differs"}');
  expect(run.warnings).not.toContain("took over");
  expect(run.state).toEqual([]);
});

test("a survey with the same content made by someone else is not taken over: the error names its creator", async () => {
  await stack.control("POST", "/members", { email: "colleague@example.com", level: 8 });
  const { key } = await stack.control<{ key: string }>("POST", "/keys", {
    scopes: ["*"],
    email: "colleague@example.com",
  });
  const made = await emulatorCall(stack.url, key, "POST", surveysPath(), args("Theirs"));
  expect(made.status).toBe(201);
  const run = await up(statePath("theirs"), () => {
    new Survey("s", args("Theirs"));
  });
  expect(run.errors).toHaveLength(1);
  expect(run.errors[0]).toContain("it was created by colleague@example.com, not by this API key's user");
  expect(run.errors[0]).not.toContain("differs from this program");
  expect(run.state).toEqual([]);
});

test("the same content made by the key's user is taken over with a warning, then launched as declared", async () => {
  const made = await stack.api<{ id: string }>("POST", surveysPath(), args("Left behind"));
  const run = await up(statePath("left-behind"), () => {
    new Survey("s", { ...args("Left behind"), status: "running" });
  });
  expect(run.errors).toEqual([]);
  expect(run.warnings).toContain(
    `warning: Survey "Left behind": took over survey ${made.body.id} in project ${stack.projectId}`,
  );
  expect(run.state.map((r) => r.id)).toEqual([made.body.id]);
  expect(run.state[0].outputs).toMatchObject({ status: "running" });
  const path = surveysPath();
  expect(run.requests.filter((r) => r.startsWith("POST"))).toEqual([
    `POST ${path} 400`,
    `POST ${path}${made.body.id}/launch/ 200`,
  ]);
});

test("renamed without an alias: the new name takes the survey and the invite over, and the old name's delete leaves them", async () => {
  const state = statePath("renamed");
  const invite = { targetEmail: "renamed@example.com", firstName: "Rene" };
  const first = await up(state, () => {
    new Survey("before", args("Renamed"));
    new Invite("before", invite);
  });
  expect(first.errors).toEqual([]);
  const [surveyId, inviteId] = first.state.map((r) => r.id);

  const second = await up(state, () => {
    new Survey("after", args("Renamed"));
    new Invite("after", invite);
  });
  expect(second.errors).toEqual([]);
  expect(second.steps.sort()).toEqual(["create after", "create after", "delete before", "delete before"]);
  expect(second.warnings).toContain(`not deleting survey ${surveyId}`);
  expect(second.warnings).toContain(`not deleting invite ${inviteId}`);
  expect(second.requests.filter((r) => r.startsWith("DELETE") || r.includes("/invites/ 201"))).toEqual([]);
  expect(second.state.map((r) => [r.name, r.id]).sort()).toEqual(
    [
      ["after", surveyId],
      ["after", inviteId],
    ].sort(),
  );
  const held = await stack.control<{ surveys: { id: string }[]; invites: { id: string }[] }>("GET", "/state");
  expect(held.surveys.map((s) => s.id)).toContain(surveyId);
  expect(held.invites.map((i) => i.id)).toContain(inviteId);
});
