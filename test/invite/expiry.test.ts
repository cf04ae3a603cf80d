// Expiry, driven by the emulator clock: refresh marks invites expired; renewWhenExpired plans a re-send.
import { Invite } from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const program = () => {
  const renewed = new Invite("renewed", { targetEmail: "renew@example.com" });
  const kept = new Invite("kept", { targetEmail: "keep@example.com", renewWhenExpired: false });
  return { renewed: renewed.status, kept: kept.status };
};

test("expired on refresh; replaced (re-sent) only with renewWhenExpired", async () => {
  const engine = stack.newEngine();
  expect((await engine.up(program)).errors).toEqual([]);
  const before = Object.fromEntries(engine.state().map((r) => [r.name, r.id]));

  await stack.control("POST", "/clock", { advanceSeconds: 4 * 24 * 3600 });
  const refresh = await engine.refresh();
  expect(refresh.errors).toEqual([]);
  for (const r of engine.state()) expect(r.outputs).toMatchObject({ status: "expired", isExpired: true });

  await stack.clearRequests();
  const preview = await engine.preview(program);
  const ops = Object.fromEntries(preview.steps.map((s) => [s.name, s.op]));
  expect(ops).toEqual({ renewed: "replace", kept: "same" });
  expect(await stack.requests()).toEqual([]);

  const up = await engine.up(program);
  expect(up.errors).toEqual([]);
  const after = Object.fromEntries(engine.state().map((r) => [r.name, r]));
  expect(after.renewed.id).not.toBe(before.renewed);
  expect(after.renewed.outputs).toMatchObject({ status: "pending", isExpired: false });
  expect(after.kept.id).toBe(before.kept);
  expect(after.kept.outputs).toMatchObject({ status: "expired" });
  const posts = (await stack.requests()).filter((r) => r.method === "POST");
  expect(posts.map((p) => (p.body as { target_email: string }).target_email)).toEqual(["renew@example.com"]);

  // Settled: the next preview is a no-op.
  expect((await engine.preview(program)).steps.map((s) => s.op)).toEqual(["same", "same"]);
  await engine.destroy();
});
