// Issue 36: a preview checks the key and the host, on both faces. Before the first resource is planned, each
// provider process asks PostHog once whose key it holds (`GET /api/users/@me/`, provider-kit/key-check.ts); a
// revoked key or a dead host then fails the preview with the message `up` gives (the table in
// failure-messages.test.ts and docs/troubleshooting.md), every resource waiting for that one answer. A key that
// lacks the `user:read` scope is still a key PostHog knows: it passes. Then (issue 44) each distinct project and
// organization the resources name is asked for once (provider-kit/scope-check.ts), so a wrong projectId fails the
// preview naming the setting. `checkKeyAndHost: false` sends nothing.
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

/** Three surveys: two in the configured project, one naming the emulator's own project as its input. */
const twoProjects =
  (face: Face): Program =>
  () => {
    const own = { ...SURVEY, projectId: String(stack.projectId) };
    if (face === "dynamic") {
      new Survey("a", { ...SURVEY, name: "A" });
      new Survey("b", { ...SURVEY, name: "B" });
      new Survey("own", own);
    } else {
      new PluginResource("Survey", "a", { ...SURVEY, name: "A" });
      new PluginResource("Survey", "b", { ...SURVEY, name: "B" });
      new PluginResource("Survey", "own", own);
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

  it("a good key previews clean with one request for it and one per scope, and so does a key without user:read (403)", async () => {
    for (const apiKey of [stack.apiKey, userlessKey]) {
      await stack.clearRequests();
      const preview = await (await engineFor(face, { apiKey })).preview(program(face));
      expect(preview.errors).toEqual([]);
      expect(preview.steps.map((s) => s.op)).toEqual(["create", "create", "create"]);
      expect((await logged()).sort()).toEqual(
        [
          `GET /api/organizations/${stack.organizationId}/invites/ 200`,
          `GET /api/projects/${stack.projectId}/surveys/ 200`,
          `GET /api/users/@me/ ${apiKey === userlessKey ? 403 : 200}`,
        ].sort(),
      );
    }
  });

  // Issue 44: the project or organization the program names is checked too, once each per run.
  it("a wrong projectId fails the preview naming the setting; each distinct scope is asked once", async () => {
    const engine = await engineFor(face, { projectId: "999" });
    const preview = await engine.preview(twoProjects(face));
    const notFound =
      "Survey: could not check project 999 before planning. PostHog API GET /api/projects/999/surveys/ failed " +
      "with 404 not_found: Project not found. Project 999 does not exist or the key cannot see it: check the " +
      `resource's projectId or ${ns}:projectId (or the POSTHOG_PROJECT_ID environment variable).`;
    // Each survey of project 999 gets the one answer; the one in the emulator's project plans.
    expect(preview.errors.map((e) => e.message)).toEqual([notFound, notFound]);
    // Two surveys in project 999 (the setting), one in the emulator's own (its input): one request each.
    expect((await logged()).sort()).toEqual(
      [
        `GET /api/projects/${stack.projectId}/surveys/ 200`,
        "GET /api/projects/999/surveys/ 404",
        "GET /api/users/@me/ 200",
      ].sort(),
    );
  });

  it("a wrong organizationId fails the preview of every invite, after one request for it", async () => {
    const org = "0190c0de-0000-7000-8000-000000000999";
    const preview = await (await engineFor(face, { organizationId: org })).preview(program(face));
    const notFound = (kind: string) =>
      `${kind}: could not check organization ${org} before planning. PostHog API GET /api/organizations/${org}/invites/ ` +
      `failed with 404 not_found: Organization not found. Organization ${org} does not exist or the key cannot see ` +
      `it: check the resource's organizationId or ${ns}:organizationId (or the POSTHOG_ORGANIZATION_ID environment variable).`;
    expect(preview.errors.map((e) => e.message).sort()).toEqual([
      notFound("Invite"),
      notFound("InviteBatch"),
    ]);
    expect((await logged()).sort()).toEqual(
      [
        `GET /api/organizations/${org}/invites/ 404`,
        `GET /api/projects/${stack.projectId}/surveys/ 200`,
        "GET /api/users/@me/ 200",
      ].sort(),
    );
  });

  it("an up checks first too, so a revoked key fails before any create; checkKeyAndHost false sends nothing", async () => {
    const up = await (await engineFor(face, { apiKey: REVOKED })).up(program(face));
    // Whichever resource's check runs first reports it: on the dynamic face a Survey waits for the stack's mark
    // (src/resources/stack-mark), so an Invite or the batch may be first, and the run stops there.
    const reported = ["Survey", "Invite", "InviteBatch"].map((resource) =>
      checkFailed(resource, revoked(ns)),
    );
    expect(up.errors.map((e) => e.message).filter((message) => reported.includes(message))).not.toEqual([]);
    expect(await logged()).toEqual(["GET /api/users/@me/ 401"]);

    await stack.clearRequests();
    const unchecked = await engineFor(face, { apiKey: REVOKED, checkKeyAndHost: "false" });
    expect((await unchecked.preview(program(face))).errors).toEqual([]);
    expect(await logged()).toEqual([]);
  });
});

// The cost of the checks at scale (issue 44; the benchmark counts requests against a floor): a run of 100 surveys
// in one project sends one request for the key and one for the project, then the 100 creates.
it("a 100-survey up sends one request for the key, one for the project, and the 100 POSTs", async () => {
  await stack.clearRequests();
  const hundred: Program = () => {
    for (let i = 0; i < 100; i++) new PluginResource("Survey", `s${i}`, { ...SURVEY, name: `Survey ${i}` });
  };
  const up = await (await engineFor("plugin", {})).up(hundred);
  expect(up.errors).toEqual([]);
  const requests = await logged();
  expect(requests.filter((r) => r.startsWith("GET "))).toEqual([
    "GET /api/users/@me/ 200",
    `GET /api/projects/${stack.projectId}/surveys/ 200`,
  ]);
  expect(requests.filter((r) => r === `POST /api/projects/${stack.projectId}/surveys/ 201`)).toHaveLength(
    100,
  );
  expect(requests).toHaveLength(102);
});
