// Issue 34: the engine's Cancel (sent to every provider on a single Ctrl-C) ends the plugin's requests in flight
// at once, instead of after requestDeadlineMs. Here PostHog holds the survey POST for ten minutes and every
// timeout is longer than that: the up can only end because of the Cancel. The survey was not recorded, and the
// POST is not sent again.
import { PluginResource } from "./plugin-resource";
import { startStack, type TestStack } from "../support/stack";
import { PACKAGE_NAME } from "../../src/plugin/tokens";

const TEN_MINUTES = 600_000;

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({
    face: "plugin",
    config: {
      [`${PACKAGE_NAME}:requestTimeoutMs`]: String(2 * TEN_MINUTES),
      [`${PACKAGE_NAME}:requestDeadlineMs`]: String(3 * TEN_MINUTES),
    },
  });
});
afterAll(async () => stack?.close());

test("Cancel ends an up whose survey POST PostHog holds, with the state consistent", async () => {
  const engine = stack.newEngine();
  await stack.clearRequests();
  // The second survey POST is held; the first one's answer (in the request log) says the run is under way.
  await stack.control("POST", "/faults", {
    faults: [{ method: "POST", path: "/surveys/?$", skip: 1, latencyMs: TEN_MINUTES, times: 1 }],
  });
  const up = engine.up(() => {
    const first = new PluginResource("Survey", "first", { name: "Made first", type: "popover" });
    new PluginResource(
      "Survey",
      "held",
      { name: "Held by PostHog", type: "popover" },
      { dependsOn: [first] },
    );
  });
  const posts = async () => (await stack.requests()).filter((r) => r.method === "POST");
  while ((await posts()).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  // Whether the held POST is out yet or about to go, the Cancel ends it (client/cancel.ts).
  await stack.server.cancel();
  const result = await up;
  await stack.control("DELETE", "/faults");
  console.log(`the up after Cancel: ${JSON.stringify(result.errors)}`);

  expect(result.errors.map((e) => e.message).join("\n")).toContain(
    "the run was cancelled (Ctrl-C) before PostHog answered",
  );
  // The state holds the survey PostHog answered for, and not the one it did not.
  expect(
    engine
      .state()
      .map((r) => r.name)
      .filter((name) => name !== "default"),
  ).toEqual(["first"]);
  expect((await posts()).length).toBe(1); // the held one is never answered, and never sent twice
});
