// Issue 36: a preview checks the key and the host, on both faces. Before the first resource is planned, each
// provider process asks PostHog once whose key it holds (`GET /api/users/@me/`, provider-kit/key-check.ts); a
// revoked key or a dead host then fails the preview with the message `up` gives (the table in
// failure-messages.test.ts and docs/troubleshooting.md), every resource waiting for that one answer. A key that
// lacks the `user:read` scope is still a key PostHog knows: it passes. `checkKeyAndHost: false` sends nothing.
// Each case gets a fresh provider process, as each run of the real engine does (test/cli/key-check.test.ts runs
// the same through the real CLI).
import { Invite, InviteBatch, Survey } from "../../src";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import type { Engine, Program } from "../support/engine";
import { engineOnFreshProvider } from "./helpers";
import { PluginResource } from "../plugin/plugin-resource";
import { startStack, type TestStack } from "../support/stack";

type Face = "dynamic" | "plugin";
const NAMESPACE: Record<Face, string> = { dynamic: "posthog", plugin: PACKAGE_NAME };
const REVOKED = "phx_revokedKeyPostHogDoesNotKnow0123456";
const DEAD_HOST = "http://127.0.0.1:1";

const SURVEY = { name: "Checked survey", type: "api" as const };
const INVITE = { targetEmail: "checked@example.com", level: "member" as const };
const BATCH = { invites: [{ targetEmail: "checked-batch@example.com" }] };

/** Three resources, so the answer is seen to be shared: one request at most, whatever the count. */
const program =
  (face: Face): Program =>
  () => {
    if (face === "dynamic") {
      new Survey("s", SURVEY);
      new Invite("i", INVITE);
      new InviteBatch("b", BATCH);
    } else {
      new PluginResource("Survey", "s", SURVEY);
      new PluginResource("Invite", "i", INVITE);
      new PluginResource("InviteBatch", "b", BATCH);
    }
  };

/** The check's words: the resource kind, then the message the transport gives `up` for the same cause. */
const checkFailed = (kind: string, cause: string) =>
  `${kind}: could not check the PostHog key and host before planning. PostHog API GET /api/users/@me/ failed${cause}`;
const revoked = (ns: string) =>
  ` with 401 authentication_failed: Personal API key found in request Authorization header is invalid. The PostHog API key is missing or invalid: set ${ns}:apiKey (as a secret: pulumi config set --secret ${ns}:apiKey <key>) or the POSTHOG_API_KEY environment variable.`;
/** The message each of the three resources gets: the same answer, shared. */
const everyKind = (cause: string) =>
  ["Invite", "InviteBatch", "Survey"].map((kind) => checkFailed(kind, cause));
const dead = (ns: string) =>
  `: nothing accepted the connection at 127.0.0.1:1 (ECONNREFUSED). Check ${ns}:host (or the POSTHOG_HOST environment variable), and that PostHog (or the emulator) is running there.`;

let stack: TestStack;
let userlessKey: string;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  stack = await startStack();
  closers.push(() => stack.close());
  ({ key: userlessKey } = await stack.control<{ key: string }>("POST", "/keys", {
    scopes: ["survey:write", "organization_member:write"],
  }));
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** A fresh provider process of the face (as each run of the real engine starts one), configured with `settings`. */
async function engineFor(face: Face, settings: Record<string, string>): Promise<Engine> {
  const ns = NAMESPACE[face];
  const base: Record<string, string> = {
    host: stack.url,
    apiKey: stack.apiKey,
    projectId: String(stack.projectId),
    organizationId: stack.organizationId,
    rateWindows: "off",
    ...settings,
  };
  const config = Object.fromEntries(Object.entries(base).map(([name, value]) => [`${ns}:${name}`, value]));
  return engineOnFreshProvider(face, config, closers);
}

const logged = async () => (await stack.requests()).map((r) => `${r.method} ${r.path} ${r.status}`);

describe.each(["dynamic", "plugin"] as const)("the %s face", (face) => {
  const ns = NAMESPACE[face];
  beforeEach(() => stack.clearRequests());

  it("a revoked key fails the preview with up's message, after one request; nothing is planned", async () => {
    const preview = await (await engineFor(face, { apiKey: REVOKED })).preview(program(face));
    expect(preview.errors.map((e) => e.message).sort()).toEqual(everyKind(revoked(ns)));
    expect(await logged()).toEqual(["GET /api/users/@me/ 401"]);
  });

  it("a dead host fails the preview with up's message, after one attempt", async () => {
    const preview = await (await engineFor(face, { host: DEAD_HOST })).preview(program(face));
    expect(preview.errors.map((e) => e.message).sort()).toEqual(everyKind(dead(ns)));
    expect(await logged()).toEqual([]);
  });

  it("a good key previews clean with one request, and so does a key without user:read (403)", async () => {
    for (const apiKey of [stack.apiKey, userlessKey]) {
      await stack.clearRequests();
      const preview = await (await engineFor(face, { apiKey })).preview(program(face));
      expect(preview.errors).toEqual([]);
      expect(preview.steps.map((s) => s.op)).toEqual(["create", "create", "create"]);
      expect(await logged()).toEqual([`GET /api/users/@me/ ${apiKey === userlessKey ? 403 : 200}`]);
    }
  });

  it("an up checks first too, so a revoked key fails before any create; checkKeyAndHost false sends nothing", async () => {
    const up = await (await engineFor(face, { apiKey: REVOKED })).up(program(face));
    expect(up.errors.map((e) => e.message)).toContain(checkFailed("Survey", revoked(ns)));
    expect(await logged()).toEqual(["GET /api/users/@me/ 401"]);

    await stack.clearRequests();
    const unchecked = await engineFor(face, { apiKey: REVOKED, checkKeyAndHost: "false" });
    expect((await unchecked.preview(program(face))).errors).toEqual([]);
    expect(await logged()).toEqual([]);
  });
});
