// Credentials that cannot work: no key, a key PostHog does not know, and a key without the scope an operation
// needs. Each must fail with an error that names the resource and says what to fix, and never echo the key.
// With the run's check of the key and host off (the harness's default), check makes no request, so these show at
// `up`; key-check.test.ts has the same credentials failing at preview with the check on.
// Each credential gets its own plugin process: the SDK configures a provider once per process.
import { Invite, InviteBatch, Survey } from "../../src";
import type { Program, RunResult } from "../support/engine";
import { ReliabilityStack, startReliabilityStack } from "./helpers";

let rs: ReliabilityStack;
// An empty POSTHOG_API_KEY in the plugins' environment: the only key is the one in config.
const NO_ENV_KEY = { POSTHOG_API_KEY: "", POSTHOG_PERSONAL_API_KEY: "" };
beforeAll(async () => {
  rs = await startReliabilityStack({ env: NO_ENV_KEY });
});
afterEach(() => rs.expectNoKeyLeaked());
afterAll(async () => rs?.close());

const everything: Program = () => {
  new Survey("survey", { name: "Auth survey", type: "popover" });
  new Invite("invite", { targetEmail: "auth@example.com", sendEmail: false });
  new InviteBatch("batch", { invites: [{ targetEmail: "auth-batch@example.com" }], sendEmail: false });
};

const byName = (result: RunResult): Record<string, string> =>
  Object.fromEntries(result.errors.map((e) => [e.urn.split("::").pop() ?? e.urn, e.message]));

function withKey(key: string | undefined): Record<string, string> {
  const { ["posthog:apiKey"]: _configured, ...rest } = rs.config;
  return key === undefined ? rest : { ...rest, "posthog:apiKey": key };
}

describe("authentication", () => {
  it("a missing key: every resource fails at up with how to set one, and nothing is sent", async () => {
    const engine = (await rs.newPlugin()).newEngine({ config: withKey(undefined) });
    await rs.stack.clearRequests();
    const preview = await engine.preview(everything);
    expect(preview.errors).toEqual([]); // check needs no key: nothing to report yet
    const up = await engine.up(everything);
    const errors = byName(up);
    // A Survey waits for the stack's mark (src/resources/stack-mark); when the others have failed first, the run
    // stops before the survey's create, as the engine stops starting steps after an error.
    expect(Object.keys(errors).sort()).toEqual(expect.arrayContaining(["batch", "invite"]));
    if (errors.survey !== undefined) expect(errors.survey).toContain('Survey "Auth survey"');
    for (const message of Object.values(errors)) {
      expect(message).toContain("No PostHog API key is configured");
      expect(message).toContain("pulumi config set --secret posthog:apiKey");
      expect(message).toContain("POSTHOG_API_KEY");
    }
    expect(engine.state()).toEqual([]);
    expect(await rs.stack.requests()).toEqual([]);
  });

  it("an invalid key: each resource's error says the key was refused and where to set it, without echoing it", async () => {
    const badKey = "phx_thisKeyDoesNotExist0123456789abcdef";
    rs.watchKey(badKey);
    const engine = (await rs.newPlugin()).newEngine({ config: withKey(badKey) });
    const up = await engine.up(everything);
    const errors = byName(up);
    expect(errors.survey).toContain('Survey "Auth survey"');
    expect(errors.invite).toContain('Invite "auth@example.com"');
    expect(errors.batch).toContain("InviteBatch");
    for (const message of Object.values(errors)) {
      expect(message).toMatch(/failed with 401/);
      expect(message).toContain("missing or invalid: set posthog:apiKey");
      expect(message).not.toContain("thisKeyDoesNotExist");
    }
    expect(engine.state()).toEqual([]);
    expect(await rs.emulatorState()).toMatchObject({ surveys: [], invites: [] });
  });

  it("a read-only key: each refused write names the scope to add; refresh works", async () => {
    const statePath = rs.statePath("scoped");
    const writer = rs.newEngine({ statePath });
    expect((await writer.up(everything)).errors).toEqual([]);
    const { key: readKey } = await rs.stack.control<{ key: string }>("POST", "/keys", {
      scopes: ["survey:read", "organization_member:read", "user:read"],
    });
    rs.watchKey(readKey);
    const reader = (await rs.newPlugin()).newEngine({ statePath, config: withKey(readKey) });

    const changed = await reader.up(() => {
      new Survey("survey", { name: "Auth survey", description: "edited", type: "popover" });
      new Invite("invite", { targetEmail: "auth@example.com", firstName: "New", sendEmail: false });
      new InviteBatch("batch", {
        invites: [{ targetEmail: "auth-batch@example.com" }, { targetEmail: "more@example.com" }],
        sendEmail: false,
      });
    });
    const errors = byName(changed);
    // PostHog checks no scope on a single invite's POST (and the listing before it needs only
    // organization_member:read): the Invite's new first name goes out as a new invite, which PostHog puts in place
    // of the old one, so only the survey and the batch are refused.
    expect(Object.keys(errors).sort()).toEqual(["batch", "survey"]);
    expect(errors.survey).toContain("lacks the scope 'survey:write'");
    expect(errors.batch).toContain("lacks the scope 'organization_member:write'");
    expect(
      (await rs.emulatorState()).invites.find((i) => i.target_email === "auth@example.com"),
    ).toMatchObject({
      first_name: "New",
    });
    for (const message of Object.values(errors)) expect(message).not.toContain(readKey);
    // That up stored the read key with the default provider: refresh and destroy use it from here on.
    expect((await reader.refresh()).errors).toEqual([]);
    const removed = await reader.destroy();
    expect(Object.values(byName(removed)).every((m) => /lacks the scope '\w+:write'/.test(m))).toBe(true);

    const held = await rs.emulatorState();
    expect(held.surveys.map((s) => [s.name, s.description])).toEqual([["Auth survey", ""]]);
    expect(held.invites.map((i) => i.target_email).sort()).toEqual([
      "auth-batch@example.com",
      "auth@example.com",
    ]);
    // An up with the full key stores it again (a new plugin process: the SDK configures a provider once per
    // process), and destroy then removes everything.
    const cleaner = (await rs.newPlugin()).newEngine({ statePath });
    expect((await cleaner.up(everything)).errors).toEqual([]);
    expect((await cleaner.destroy()).errors).toEqual([]);
  });

  // Refresh and destroy run no program: the real engine configures the default provider with the config stored
  // with it at the last up, not the stack config as it is now (docs/contributing/engine-cross-check.md;
  // test/cli/config-at-refresh.test.ts runs these steps through the real CLI). A new key reaches refresh and
  // destroy only through an up. Each step gets a new plugin process, as each `pulumi` command does.
  it("refresh and destroy use the key of the last up; an invalid one leaves everything in state and in PostHog, each error saying what to fix", async () => {
    const statePath = rs.statePath("revoked");
    const step = async (key: string) => (await rs.newPlugin()).newEngine({ statePath, config: withKey(key) });
    const writer = rs.newEngine({ statePath });
    expect((await writer.up(everything)).errors).toEqual([]);
    const before = writer.state();

    const revoked = "phx_revoked_key_abcdefghijklmnopqrstuv";
    rs.watchKey(revoked);
    // `pulumi config set --secret posthog:apiKey <revoked>`, then `pulumi refresh`: the last up's key reads.
    await rs.stack.clearRequests();
    const refreshed = await (await step(revoked)).refresh();
    expect(refreshed.errors).toEqual([]);
    expect(refreshed.steps.map((s) => s.op)).toEqual(["refresh", "refresh", "refresh"]);
    expect((await rs.stack.requests()).map((r) => r.status)).not.toContain(401);

    // An up with nothing to change sends nothing, but stores the new key with the default provider.
    await rs.stack.clearRequests();
    const noop = await (await step(revoked)).up(everything);
    expect(noop.errors).toEqual([]);
    expect(noop.steps.map((s) => s.op)).toEqual(["same", "same", "same"]);
    expect(await rs.stack.requests()).toEqual([]);

    // Now refresh and destroy use the invalid key, whatever the stack config holds by then.
    for (const result of [await (await step(revoked)).refresh(), await (await step(rs.apiKey)).destroy()]) {
      expect(Object.keys(byName(result)).sort()).toEqual(["batch", "invite", "survey"]);
      for (const message of Object.values(byName(result))) {
        expect(message).toContain("missing or invalid: set posthog:apiKey");
        expect(message).not.toContain("revoked_key");
      }
    }
    const held = await rs.emulatorState();
    expect(held.surveys).toHaveLength(1);
    expect(held.invites).toHaveLength(2);

    // An up with the good key stores it again; then destroy removes everything.
    const fixed = await step(rs.apiKey);
    expect((await fixed.up(everything)).errors).toEqual([]);
    expect(fixed.state()).toEqual(before);
    expect((await (await step(revoked)).destroy()).errors).toEqual([]);
    expect(await rs.emulatorState()).toMatchObject({ surveys: [], invites: [] });
  });
});
