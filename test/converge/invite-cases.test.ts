// Issue 12, case 4: whitespace around an invite's message or first name is trimmed at check as PostHog trims
// it, so the next `up` neither replaces the invite nor sends the person another invitation.
import { Invite, InviteArgs, InviteBatch, InviteBatchArgs } from "../../src";
import type { Engine, Program } from "../support";
import { LoggedRequest, startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const invites = () => `/api/organizations/${stack.organizationId}/invites/`;
const summary = (requests: LoggedRequest[]) => requests.map((r) => `${r.method} ${r.path} ${r.status}`);

async function run(engine: Engine, op: "up" | "preview", program: Program) {
  await stack.clearRequests();
  const result = await engine[op](program);
  expect(result.errors).toEqual([]);
  return { steps: result.steps.map((s) => s.op), requests: await stack.requests() };
}

test("4 Invite: trimmed message and firstName; the second up sends no invitation", async () => {
  const engine = stack.newEngine();
  const args: InviteArgs = {
    targetEmail: "case4@example.com",
    firstName: "  Dana \n",
    message: "Welcome to the team!\n",
  };
  const program = () => {
    new Invite("dana", args);
  };
  const first = await run(engine, "up", program);
  // The listing looks for an invite an interrupted run sent; the plugin lists once per organization and run.
  expect(summary(first.requests)).toEqual([
    `GET ${invites()} 200`,
    `POST ${invites()} 201`,
    `GET ${invites()} 200`,
  ]);
  expect(first.requests[1].body).toMatchObject({ first_name: "Dana", message: "Welcome to the team!" });
  const preview = await run(engine, "preview", program);
  expect(preview).toEqual({ steps: ["same"], requests: [] });
  const second = await run(engine, "up", program);
  expect(second.steps).toEqual(["same"]);
  expect(second.requests.filter((r) => r.method !== "GET")).toEqual([]);
});

test("4 InviteBatch: trimmed message and first names; the second up sends no invitation", async () => {
  const engine = stack.newEngine();
  const args: InviteBatchArgs = {
    message: " Join us \n",
    invites: [
      { targetEmail: "case4-a@example.com", firstName: "Ana " },
      { targetEmail: "case4-b@example.com", firstName: "\tBo" },
    ],
  };
  const program = () => {
    new InviteBatch("team", args);
  };
  const first = await run(engine, "up", program);
  // Each run is a new plugin process, so it lists the invites once before it posts (as the Invite's run above).
  expect(summary(first.requests)).toEqual([
    `GET ${invites()} 200`,
    `POST ${invites()}bulk/ 201`,
    `GET ${invites()} 200`,
  ]);
  expect(first.requests[1].body).toEqual([
    expect.objectContaining({ target_email: "case4-a@example.com", first_name: "Ana", message: "Join us" }),
    expect.objectContaining({ target_email: "case4-b@example.com", first_name: "Bo", message: "Join us" }),
  ]);
  const preview = await run(engine, "preview", program);
  expect(preview).toEqual({ steps: ["same"], requests: [] });
  const second = await run(engine, "up", program);
  expect(second.steps).toEqual(["same"]);
  expect(second.requests.filter((r) => r.method !== "GET")).toEqual([]);
});
