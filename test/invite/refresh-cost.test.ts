// Refreshing many invites shares one cached listing per organization: ~N/100 list requests, not N.
import { Invite } from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ parallelism: 16 });
});
afterAll(async () => stack?.close());

const COUNT = 250;
const program = () => {
  for (let i = 0; i < COUNT; i++)
    new Invite(`p${i}`, { targetEmail: `person${i}@example.com`, sendEmail: false });
};

test(`refreshing ${COUNT} invites costs at most 5 list requests`, async () => {
  const engine = stack.newEngine();
  const up = await engine.up(program);
  expect(up.errors).toEqual([]);
  expect(engine.state()).toHaveLength(COUNT);

  await stack.clearRequests();
  const refresh = await engine.refresh();
  expect(refresh.errors).toEqual([]);
  const requests = await stack.requests();
  expect(requests.every((r) => r.method === "GET" && r.path.endsWith("/invites/"))).toBe(true);
  expect(requests.length).toBeLessThanOrEqual(5);
  expect(requests).toHaveLength(3); // 250 invites = 3 pages of 100
  expect(engine.state()).toHaveLength(COUNT);
  expect(refresh.steps.every((s) => s.op === "refresh" && s.changedKeys.length === 0)).toBe(true);

  await stack.clearRequests();
  await engine.destroy();
  expect((await stack.requests()).filter((r) => r.method === "DELETE")).toHaveLength(COUNT);
});
