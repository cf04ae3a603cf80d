// When a create meets an object that already exists (docs/contributing/interrupted-runs.md, "Ownership"): a
// survey holding the name is taken over only when it carries the question ids this resource derives from its
// stack's mark and its name, that is when an interrupted run of this very resource made it; anything else,
// and any pending invite for the address, is refused with an error naming the object, its id and the ways out,
// and nothing is written. Each run gets its own plugin process, as each `pulumi` run does.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Invite, Survey, SurveyArgs } from "../../src";
import { ownedQuestionId } from "../../src/resources/survey/ownership";
import { newStackMark } from "../../src/ownership/stack-mark";
import { createEngine, type Program } from "../support/engine";
import { startProviderServer } from "../support/provider-server";
import { REPO_ROOT, selfLinkNodePath } from "../support/self-link";
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

/** The survey an interrupted run of resource `name` made, in the stack whose mark is `mark`. */
const markedBy = (resource: string, survey: SurveyArgs, mark: string): SurveyArgs => ({
  ...survey,
  questions: [
    {
      type: "open",
      question: "What brought you here?",
      id: ownedQuestionId({ project: "project", stack: "stack", name: resource, mark }, 0),
    },
  ],
});

/**
 * A stack at `statePath` whose first run made its mark and then failed its survey's create for good (PostHog
 * answered 400): its state holds the mark and no survey, as an interrupted run's does. Returns the mark.
 */
async function stackWithMark(statePath: string): Promise<string> {
  await stack.control("POST", "/faults", {
    faults: [
      {
        method: "POST",
        path: "/surveys/?$",
        times: 1,
        status: 400,
        body: { type: "validation_error", code: "invalid_input", detail: "refused for the test", attr: null },
      },
    ],
  });
  const { server, engine } = await newRun(stack, statePath);
  const run = await engine.up(() => {
    new Survey("seed", args("Seed"));
  });
  await server.close();
  await stack.control("DELETE", "/faults");
  expect(run.errors).toHaveLength(1);
  expect(run.markSteps.map((s) => s.op)).toEqual(["create"]);
  const mark = engine.stackMark()?.outputs.mark;
  if (typeof mark !== "string") throw new Error("the seeding run made no stack mark");
  return mark;
}

/** Only what a refused create may send: the clashing POST and the lookups (no PATCH, no DELETE, no invite POST). */
const writes = (requests: string[]) =>
  requests.filter((r) => !r.startsWith("GET") && !/^POST \S+\/surveys\/ 400$/.test(r));

test("a survey holding the name with the same content, made by the same key by hand, is refused: the error names it and the ways out", async () => {
  const made = await stack.api<{ id: string }>("POST", surveysPath(), args("By hand"));
  const run = await up(statePath("by-hand"), () => {
    new Survey("s", args("By hand"));
  });
  expect(run.errors).toHaveLength(1);
  expect(run.errors[0]).toContain("If a teammate's stack manages it, use that stack's backend.");
  expect(run.errors[0]).toContain(
    `Survey ${made.body.id} holds the name, and this stack cannot prove it is its own`,
  );
  expect(run.errors[0]).toContain("this stack cannot prove it is its own");
  expect(run.errors[0]).toContain("its question ids are not this resource's");
  expect(run.errors[0]).toContain("Nothing was written");
  expect(run.errors[0]).toContain(`set adopt: {id: "${made.body.id}"}`);
  // Aliases first (a rename is the likeliest cause); a dynamic resource cannot be imported, so no import.
  expect(run.errors[0]).toContain(
    'declare its old name as an alias: the resource\'s options { aliases: [{ name: "<old name>" }] }',
  );
  expect(run.errors[0]).not.toContain("pulumi import");
  expect(run.warnings).not.toContain("took over");
  expect(writes(run.requests)).toEqual([]);
  expect(run.state).toEqual([]);
});

test("a survey another stack of the same program made is refused, whoever's key made it", async () => {
  await stack.control("POST", "/members", { email: "colleague@example.com", level: 8 });
  const { key } = await stack.control<{ key: string }>("POST", "/keys", {
    scopes: ["*"],
    email: "colleague@example.com",
  });
  // Another stack with this very project and stack name ("project", "stack"): its own mark.
  const theirs = markedBy("s", args("Other stack"), newStackMark());
  const made = await emulatorCall(stack.url, key, "POST", surveysPath(), theirs);
  expect(made.status).toBe(201);
  const run = await up(statePath("other-stack"), () => {
    new Survey("s", args("Other stack"));
  });
  expect(run.errors).toHaveLength(1);
  expect(run.errors[0]).toContain("its question ids are not this resource's");
  expect(writes(run.requests)).toEqual([]);
  expect(run.state).toEqual([]);
});

test("the survey an interrupted run of this resource made is taken over with a warning, then launched as declared", async () => {
  const mark = await stackWithMark(statePath("left-behind"));
  const made = await stack.api<{ id: string }>(
    "POST",
    surveysPath(),
    markedBy("s", args("Left behind"), mark),
  );
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

test("this resource's survey edited since is refused, naming what differs", async () => {
  const mark = await stackWithMark(statePath("edited"));
  const made = await stack.api<{ id: string }>("POST", surveysPath(), {
    ...markedBy("s", args("Edited since"), mark),
    description: "written in the UI",
  });
  const run = await up(statePath("edited"), () => {
    new Survey("s", args("Edited since"));
  });
  expect(run.errors).toHaveLength(1);
  expect(run.errors[0]).toContain(`Survey ${made.body.id} holds the name`);
  expect(run.errors[0]).toContain("this resource made it, but it differs from the program in description");
  expect(run.state).toEqual([]);
});

test("questions that all declare their own id carry no mark: the clash is refused, saying so", async () => {
  const explicit: SurveyArgs = {
    ...args("Explicit ids"),
    questions: [{ type: "open", question: "What brought you here?", id: "q-1" }],
  };
  await stack.api("POST", surveysPath(), explicit);
  const run = await up(statePath("explicit"), () => {
    new Survey("s", explicit);
  });
  expect(run.errors).toHaveLength(1);
  expect(run.errors[0]).toContain("every question declares an explicit id");
  expect(run.state).toEqual([]);
});

test("a create marks the questions without an id, keeps declared ids, and an update keeps the ids PostHog holds", async () => {
  const state = statePath("marks");
  const declared: SurveyArgs = {
    ...args("Marked"),
    questions: [
      { type: "open", question: "First?" },
      { type: "open", question: "Second?", id: "mine" },
    ],
  };
  const first = await up(state, () => {
    new Survey("marked", declared);
  });
  expect(first.errors).toEqual([]);
  const { server, engine } = await newRun(stack, state);
  const mark = engine.stackMark()?.outputs.mark;
  await server.close();
  if (typeof mark !== "string") throw new Error("the stack holds no mark");
  const owner = { project: "project", stack: "stack", name: "marked", mark };
  const questions = (outputs: Record<string, unknown>) =>
    (outputs.questions as { id: string }[]).map((q) => q.id);
  expect(questions(first.state[0].outputs)).toEqual([ownedQuestionId(owner, 0), "mine"]);
  // An update sends the questions again with the ids PostHog holds (matched by position), as it always did.
  const second = await up(state, () => {
    new Survey("marked", { ...declared, description: "edited" });
  });
  expect(second.errors).toEqual([]);
  expect(questions(second.state[0].outputs)).toEqual([ownedQuestionId(owner, 0), "mine"]);
});

test("renamed without an alias: the new name's create is refused for the survey and the invite, and the old name keeps them", async () => {
  const state = statePath("renamed");
  const invite = { targetEmail: "renamed@example.com", firstName: "Rene" };
  const first = await up(state, () => {
    new Survey("before", args("Renamed"));
    new Invite("before", invite);
  });
  expect(first.errors).toEqual([]);
  // In completion order, which differs between the two: a survey waits for the stack's mark first.
  const idOf = (type: string) => first.state.find((r) => r.type.endsWith(type))?.id;
  const [surveyId, inviteId] = [idOf(":Survey"), idOf(":Invite")];

  const second = await up(state, () => {
    new Survey("after", args("Renamed"));
    new Invite("after", invite);
  });
  expect(second.errors).toHaveLength(2);
  expect(second.errors.join("\n")).toContain(`Survey ${surveyId} holds the name`);
  expect(second.errors.join("\n")).toContain("declare its old name as an alias");
  expect(second.errors.join("\n")).toContain(
    `already has a pending invite for renamed@example.com (invite ${inviteId}`,
  );
  expect(second.errors.join("\n")).toContain("set adopt: true");
  // Nothing was sent: no second invitation, no delete of the old name's objects (the failed run keeps them).
  expect(writes(second.requests)).toEqual([]);
  const held = await stack.control<{ surveys: { id: string }[]; invites: { id: string }[] }>("GET", "/state");
  expect(held.surveys.map((s) => s.id)).toContain(surveyId);
  expect(held.invites.map((i) => i.id)).toContain(inviteId);
});

test("a POST answered late, whose lookup finds this resource's survey edited since, is refused saying what this run's POST did", async () => {
  const state = statePath("late-edited");
  const mark = await stackWithMark(state);
  const made = await stack.api<{ id: string }>("POST", surveysPath(), {
    ...markedBy("s", args("Late edited"), mark),
    description: "written in the UI",
  });
  // The POST is held past the client's timeout; the lookup then finds the survey holding the name.
  await stack.control("POST", "/faults", {
    faults: [{ method: "POST", path: "/surveys/?$", times: 1, latencyMs: 2_000 }],
  });
  const server = await startProviderServer({ cwd: REPO_ROOT, env: { NODE_PATH: selfLinkNodePath() } });
  const engine = createEngine({
    server,
    config: { ...stack.config, "posthog:requestTimeoutMs": "500" },
    statePath: state,
  });
  await stack.clearRequests();
  const run = await engine.up(() => {
    new Survey("s", args("Late edited"));
  });
  await server.close();
  await stack.control("DELETE", "/faults");
  expect(run.errors).toHaveLength(1);
  const [message] = run.errors.map((e) => e.message);
  expect(message).toContain("it was not sent again");
  expect(message).toContain(`this run's POST created survey ${made.body.id} in project ${stack.projectId}`);
  expect(message).toContain("differs from the program in description (edited since)");
  expect(message).toContain(`adopt: {id: "${made.body.id}"}`);
  expect(message).not.toContain("Nothing was written");
  expect(engine.state()).toEqual([]);
  // The held POST lands after the run gave up on it: PostHog refuses it for the name. One POST, nothing else.
  const writes = async () =>
    received(await stack.requests())
      .filter((r) => r.method !== "GET")
      .map((r) => `${r.method} ${r.status}`);
  for (let tries = 0; (await writes()).length === 0 && tries < 200; tries++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await writes()).toEqual(["POST 400"]);
});

test("the preview after an interrupted create of this resource says what up will do: take it over (issue 55, case 10)", async () => {
  const mark = await stackWithMark(statePath("previewed"));
  const made = await stack.api<{ id: string }>("POST", surveysPath(), markedBy("s", args("Previewed"), mark));
  // The preview's requests on (the harness turns them off), as a user's preview makes them.
  const server = await startProviderServer({ cwd: REPO_ROOT, env: { NODE_PATH: selfLinkNodePath() } });
  const config = { ...stack.config, "posthog:checkKeyAndHost": "true" };
  const engine = createEngine({ server, config, statePath: statePath("previewed") });
  const preview = await engine.preview(() => {
    new Survey("s", args("Previewed"));
  });
  const said = server.engineLog();
  await server.close();
  expect(preview.errors).toEqual([]);
  expect(said).not.toContain("will refuse");
  expect(said).toContain(
    `warning: Survey "Previewed": survey ${made.body.id} already holds this name in project ${stack.projectId} ` +
      "and carries this resource's question ids (an earlier run of this resource made it, and its state does not " +
      "record it), so pulumi up will take it over instead of creating another survey.",
  );
  // And so it does.
  const run = await up(statePath("previewed"), () => {
    new Survey("s", args("Previewed"));
  });
  expect(run.errors).toEqual([]);
  expect(run.state.map((r) => r.id)).toEqual([made.body.id]);
});
