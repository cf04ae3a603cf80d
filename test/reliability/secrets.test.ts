// The API key never leaves the provider's memory: not into state (inputs, outputs, __provider), not into an
// error, not into the plugin's output, not into a request other than its Authorization header. Here the key
// comes from the plugin's environment (POSTHOG_API_KEY) and the run goes through success, failure and a
// warning; every other reliability test scans the same places after each scenario (helpers.ts).
import { Invite, InviteBatch, Survey } from "../../src";
import type { Engine, Program } from "../support/engine";
import { ReliabilityStack, startReliabilityStack } from "./helpers";
import { REFUSALS } from "../support/refusals";

let rs: ReliabilityStack;
let engine: Engine;
let plugin: Awaited<ReturnType<ReliabilityStack["newPlugin"]>>;
beforeAll(async () => {
  rs = await startReliabilityStack();
  const { ["posthog:apiKey"]: _inConfig, ...config } = rs.config;
  // Every read lists afresh, so a fault on the listing is always met.
  plugin = await rs.newPlugin({ POSTHOG_API_KEY: rs.apiKey, POSTHOG_LIST_CACHE_TTL_MS: "0" });
  engine = plugin.newEngine({ config });
});
afterEach(() => rs.expectNoKeyLeaked());
afterAll(async () => rs?.close());

const program =
  (description: string, extra = false): Program =>
  () => {
    new Survey("survey", { name: "Secret survey", description, type: "popover" });
    new Invite("invite", { targetEmail: "secret@example.com", sendEmail: false });
    new InviteBatch("batch", { invites: [{ targetEmail: "secret-batch@example.com" }], sendEmail: false });
    if (extra) new Invite("member", { targetEmail: "already@example.com", sendEmail: false });
  };

describe("the API key from the environment", () => {
  it("stays out of state and output through preview, up, update and refresh", async () => {
    expect((await engine.preview(program("v1"))).errors).toEqual([]);
    expect((await engine.up(program("v1"))).errors).toEqual([]);
    expect((await engine.up(program("v2"))).errors).toEqual([]);
    expect((await engine.refresh()).errors).toEqual([]);
    const providers = engine.state().map((r) => String(r.inputs.__provider));
    // In the repo the shim is serialized by value (test/package checks the installed one-line form).
    expect(providers.every((p) => p.includes("pulumi-posthog/dist/resources/"))).toBe(true);
  });

  it("stays out of failures: a refused update and a refused authentication", async () => {
    await rs.stack.control("POST", "/faults", { faults: REFUSALS });
    const failed = await engine.up(program("v3"));
    const refreshed = await engine.refresh();
    await rs.stack.control("DELETE", "/faults");
    expect(failed.errors.map((e) => e.message).join("\n")).toContain(
      "failed with 400 invalid_input: Refused.",
    );
    expect(refreshed.errors.map((e) => e.message).join("\n")).toContain(
      "missing or invalid: set posthog:apiKey",
    );
  });

  it("stays out of the plugin's warnings (an invite for someone already a member)", async () => {
    await rs.stack.control("POST", "/members", { email: "already@example.com" });
    expect((await engine.up(program("v2", true))).errors).toEqual([]);
    // Warnings reach the user through the engine's Log service (provider-kit/engine-log.ts), not the plugin's stderr.
    expect(plugin.server.engineLog()).toContain("already@example.com is already a member");
  });

  it("stays out of destroy", async () => {
    expect((await engine.destroy()).errors).toEqual([]);
    expect(await rs.emulatorState()).toMatchObject({ surveys: [], invites: [] });
  });
});
