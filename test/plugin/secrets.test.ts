// The key through the plugin: the default provider's apiKey comes from stack config, CheckConfig marks it secret
// (so the engine encrypts it in the provider's state), and it reaches neither the resources' state, nor the
// plugin's log, nor an error, through success, a refused key and a refused update.
import { SECRET_SIG, SIG_KEY } from "../../src/plugin/wire-values";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import { PluginServer } from "../support/plugin-server";
import { startStack, TestStack } from "../support/stack";
import { PluginResource } from "./plugin-resource";
import { REFUSALS } from "../support/refusals";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ face: "plugin" });
});
afterAll(async () => stack?.close());

const program = (description: string) => () => {
  new PluginResource("Survey", "secret-survey", { name: "Secret survey", type: "popover", description });
  new PluginResource("Invite", "secret-invite", { targetEmail: "secret@example.com", sendEmail: false });
};

test("the key: secret in the provider's checked config, absent from state, plugin log and errors", async () => {
  const engine = stack.newEngine();
  expect((await engine.up(program("v1"))).errors).toEqual([]);
  expect((stack.server as PluginServer).checkedConfig.apiKey).toEqual({
    [SIG_KEY]: SECRET_SIG,
    value: stack.apiKey,
  });

  await stack.control("POST", "/faults", { faults: REFUSALS });
  const failed = await engine.up(program("v2"));
  const refreshed = await engine.refresh();
  await stack.control("DELETE", "/faults");
  const errors = [...failed.errors, ...refreshed.errors].map((e) => e.message).join("\n");
  expect(errors).toContain("failed with 400 invalid_input: Refused.");
  expect(errors).toContain("missing or invalid");

  // A wrong key, configured on another engine run of the same plugin's default provider: refused, not echoed.
  const wrongKey = "phx_wrong_key_never_echoed_0000";
  const wrong = stack.newEngine({ config: { ...stack.config, [`${PACKAGE_NAME}:apiKey`]: wrongKey } });
  const refused = await wrong.up(program("v3"));
  expect(refused.errors.map((e) => e.message).join("\n")).toContain("missing or invalid");

  expect((await engine.destroy()).errors).toEqual([]);
  const everything = [
    JSON.stringify(engine.state()),
    JSON.stringify(wrong.state()),
    errors,
    JSON.stringify(refused.errors),
    stack.server.stderr(),
    stack.server.engineLog(),
  ].join("\n");
  for (const key of [stack.apiKey, wrongKey]) expect(everything).not.toContain(key);
});
