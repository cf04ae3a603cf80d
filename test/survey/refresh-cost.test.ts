// Refreshing many surveys reads them from one shared listing; a lone refresh is one GET.
import { Survey } from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const COUNT = 150;
const program = () => {
  for (let i = 0; i < COUNT; i++) new Survey(`s${i}`, { name: `Refresh cost ${i}`, type: "api" });
};

describe("survey refresh cost", () => {
  it(`refreshes ${COUNT} surveys with a few list requests, and still sees drift`, async () => {
    const engine = stack.newEngine();
    expect((await engine.up(program)).errors).toEqual([]);
    const drifted = engine.state().find((r) => r.name === "s7")!;
    await stack.api("PATCH", `/api/projects/${stack.projectId}/surveys/${drifted.id}/`, {
      name: "Renamed in the UI",
    });
    await stack.clearRequests();

    const refresh = await engine.refresh();
    expect(refresh.errors).toEqual([]);
    const requests = await stack.requests();
    const lists = requests.filter((r) => r.path.endsWith("/surveys/"));
    console.log(`refresh of ${COUNT} surveys: ${requests.length} requests (${lists.length} list pages)`);
    // The first read starts alone (one GET); the rest share one listing of ceil(COUNT / 100) pages.
    expect(requests.length).toBeLessThanOrEqual(Math.ceil(COUNT / 100) + 2);
    expect(refresh.steps.filter((s) => s.changedKeys.length > 0).map((s) => [s.name, s.changedKeys])).toEqual(
      [["s7", ["name"]]],
    );
    await engine.destroy();
  });

  it("a lone refresh is one GET", async () => {
    const engine = stack.newEngine();
    await engine.up(() => {
      new Survey("alone", { name: "Refresh alone", type: "api" });
    });
    await stack.clearRequests();
    await engine.refresh();
    expect((await stack.requests()).map((r) => r.method + " " + r.path)).toEqual([
      `GET /api/projects/${stack.projectId}/surveys/${engine.state()[0].id}/`,
    ]);
    await engine.destroy();
  });
});
