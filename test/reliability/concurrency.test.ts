// 50 surveys and 50 invites in one run at parallelism 16, with enough latency that requests really overlap:
// every create succeeds exactly once (one POST each, no retry, no duplicate) and state points at each object.
import { Invite, Survey } from "../../src";
import type { Engine, Program } from "../support/engine";
import { ReliabilityStack, startReliabilityStack } from "./helpers";

const COUNT = 50;
let rs: ReliabilityStack;
let engine: Engine;
beforeAll(async () => {
  rs = await startReliabilityStack({ parallelism: 16 });
  engine = rs.newEngine();
});
afterEach(() => rs.expectNoKeyLeaked());
afterAll(async () => rs?.close());

const program: Program = () => {
  for (let i = 0; i < COUNT; i++) {
    new Survey(`survey-${i}`, { name: `Concurrent survey ${i}`, type: "api" });
    new Invite(`invite-${i}`, { targetEmail: `concurrent${i}@example.com`, sendEmail: false });
  }
};

describe(`${COUNT} surveys and ${COUNT} invites at parallelism 16`, () => {
  it("are created in one run, each exactly once, and state points at each", async () => {
    await rs.stack.control("POST", "/latency", { ms: 25 });
    await rs.stack.clearRequests();
    const up = await engine.up(program);
    await rs.stack.control("POST", "/latency", { ms: 0 });
    expect(up.errors).toEqual([]);

    const posts = (await rs.stack.requests()).filter((r) => r.method === "POST");
    const created = (kind: string) =>
      posts.filter((r) => r.path.endsWith(`/${kind}/`) && r.status === 201).length;
    expect([created("surveys"), created("invites"), posts.length]).toEqual([COUNT, COUNT, 2 * COUNT]);

    const { surveys, invites } = await rs.emulatorState();
    expect(new Set(surveys.map((s) => s.name)).size).toBe(COUNT);
    expect(new Set(invites.map((i) => i.target_email)).size).toBe(COUNT);
    expect([surveys.length, invites.length]).toEqual([COUNT, COUNT]);
    const ids = new Set([...surveys.map((s) => s.id), ...invites.map((i) => i.id)]);
    const state = engine.state();
    expect(state).toHaveLength(2 * COUNT);
    expect(state.filter((r) => !ids.has(r.id)).map((r) => r.name)).toEqual([]);
  });

  it("a second run changes nothing and sends nothing", async () => {
    await rs.stack.clearRequests();
    const again = await engine.up(program);
    expect(again.errors).toEqual([]);
    expect(again.steps.every((s) => s.op === "same")).toBe(true);
    expect(await rs.stack.requests()).toEqual([]);
  });

  it("destroy removes each exactly once", async () => {
    await rs.stack.clearRequests();
    expect((await engine.destroy()).errors).toEqual([]);
    expect((await rs.stack.requests()).filter((r) => r.method === "DELETE")).toHaveLength(2 * COUNT);
    expect(await rs.emulatorState()).toMatchObject({ surveys: [], invites: [] });
  });
});
