// Issue 36: `pulumi preview` with a revoked key or a dead host fails, through the real CLI, on both faces, with
// the message `up` gives (provider-kit/key-check.ts), after at most one request for the run; a good key previews
// clean after that one request and one per project and organization named (issue 44, provider-kit/scope-check.ts),
// and a wrong projectId fails naming the setting; `checkKeyAndHost: false` sends none. Prints each preview's time and requests.
import { inCliStack, inInstalledProgram, yamlPluginStack } from "./program-folder";
import { failureOf, requirePulumiCli } from "../support/pulumi-cli";
import type { LoggedRequest } from "../support/stack";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const REVOKED = "phx_revokedKeyPostHogDoesNotKnow0123456";
const DEAD_HOST = "http://127.0.0.1:1";

const JS_PROGRAM = [
  'const posthog = require("pulumi-posthog");',
  'new posthog.Survey("s", { name: "Checked survey", type: "api" });',
  'new posthog.Invite("i", { targetEmail: "checked@example.com", sendEmail: false });',
  'new posthog.InviteBatch("b", { invites: [{ targetEmail: "checked-batch@example.com" }], sendEmail: false });',
  "",
].join("\n");

const YAML_PROGRAM = [
  "name: key-check-yaml",
  "runtime: yaml",
  "resources:",
  "  s:",
  `    type: ${RESOURCE_TOKENS.Survey}`,
  "    properties: { name: Checked survey, type: api }",
  "  i:",
  `    type: ${RESOURCE_TOKENS.Invite}`,
  "    properties: { targetEmail: checked@example.com, sendEmail: false }",
  "",
].join("\n");

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The check's message for one of `kinds`: the engine stops the preview at the first resource that fails. */
const checkFailed = (kinds: string[], cause: string) =>
  new RegExp(
    `(${kinds.join("|")}): ${escape(`could not check the PostHog key and host before planning. ${cause}`)}`,
  );
const revoked = (ns: string) =>
  "PostHog API GET /api/users/@me/ failed with 401 authentication_failed: Personal API key found in request " +
  `Authorization header is invalid. The PostHog API key is missing or invalid: set ${ns}:apiKey (as a secret: ` +
  `pulumi config set --secret ${ns}:apiKey <key>) or the POSTHOG_API_KEY environment variable.`;
const dead = (ns: string) =>
  "PostHog API GET /api/users/@me/ failed: nothing accepted the connection at 127.0.0.1:1 (ECONNREFUSED). " +
  `Check ${ns}:host (or the POSTHOG_HOST environment variable), and that PostHog (or the emulator) is running there.`;

/** What one face's steps saw: the table printed after the test, for the issue's note. */
const seen: string[] = ["| face | preview with | result | time | requests |", "|---|---|---|---|---|"];
afterAll(() => console.log(seen.join("\n")));

interface Steps {
  ns: string;
  cli(...args: string[]): Promise<{ stdout: string }>;
  set(name: string, value: string): Promise<void>;
  log(): Promise<LoggedRequest[]>;
  clear(): Promise<void>;
  goodKey: string;
  goodHost: string;
  projectId: string;
  organizationId: string;
}

/** Runs `pulumi preview` after `clear`, and returns its outcome, time and the requests PostHog received. */
async function preview(face: string, what: string, steps: Steps, fails: boolean) {
  await steps.clear();
  const started = Date.now();
  const outcome = fails ? await failureOf(steps.cli("preview")) : (await steps.cli("preview")).stdout;
  const ms = Date.now() - started;
  const requests = (await steps.log()).map((r) => `${r.method} ${r.path} ${r.status}`);
  seen.push(
    `| ${face} | ${what} | ${fails ? "failed" : "passed"} | ${ms} ms | ${requests.join(", ") || "none"} |`,
  );
  return { outcome, requests };
}

async function walk(face: string, kinds: string[], steps: Steps): Promise<void> {
  const { ns } = steps;
  await steps.set("apiKey", REVOKED);
  const key = await preview(face, "a revoked key", steps, true);
  expect(key.outcome).toMatch(checkFailed(kinds, revoked(ns)));
  expect(key.outcome).not.toContain(REVOKED);
  expect(key.requests).toEqual(["GET /api/users/@me/ 401"]);

  await steps.set("apiKey", steps.goodKey);
  await steps.set("host", DEAD_HOST);
  const host = await preview(face, `a dead host (${DEAD_HOST})`, steps, true);
  expect(host.outcome).toMatch(checkFailed(kinds, dead(ns)));
  expect(host.requests).toEqual([]);

  await steps.set("host", steps.goodHost);
  const good = await preview(face, "the emulator's key", steps, false);
  // The key, then (issue 44) the project and the organization the resources name, one request each.
  const scopes = (project: string, status: number) => [
    "GET /api/users/@me/ 200",
    `GET /api/projects/${project}/surveys/ ${status}`,
    `GET /api/organizations/${steps.organizationId}/invites/ 200`,
  ];
  expect(good.requests.sort()).toEqual(scopes(steps.projectId, 200).sort());

  await steps.set("projectId", "999");
  const project = await preview(face, "posthog:projectId 999", steps, true);
  expect(project.outcome).toContain(
    "Survey: could not check project 999 before planning. PostHog API GET /api/projects/999/surveys/ failed with " +
      "404 not_found: Project not found. Project 999 does not exist or the key cannot see it: check the " +
      `resource's projectId or ${ns}:projectId (or the POSTHOG_PROJECT_ID environment variable).`,
  );
  // The engine stops at the first failed check, so the organization's request may not have gone out yet.
  expect(project.requests).toEqual(
    expect.arrayContaining(["GET /api/users/@me/ 200", "GET /api/projects/999/surveys/ 404"]),
  );
  expect(scopes("999", 404)).toEqual(expect.arrayContaining(project.requests));
  expect(new Set(project.requests).size).toBe(project.requests.length);
  await steps.set("projectId", steps.projectId);

  await steps.set("apiKey", REVOKED);
  await steps.set("checkKeyAndHost", "false");
  const off = await preview(face, "a revoked key, checkKeyAndHost false", steps, false);
  expect(off.requests).toEqual([]);
}

describe("pulumi preview checks the key and the host, through the real Pulumi CLI", () => {
  withCli(
    "dynamic face: a revoked key and a dead host fail the preview with up's message",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const files = {
        "Pulumi.yaml": "name: key-check\nruntime: nodejs\nmain: index.js\n",
        "index.js": JS_PROGRAM,
      };
      await inCliStack(pulumi, { files, config: { "posthog:checkKeyAndHost": "true" } }, async (stack) => {
        await walk("dynamic", ["Survey", "Invite", "InviteBatch"], {
          ns: "posthog",
          cli: stack.cli,
          set: (name, value) => stack.setConfig({ [`posthog:${name}`]: value }),
          log: stack.requests,
          clear: stack.clearRequests,
          goodKey: stack.apiKey,
          goodHost: stack.url,
          projectId: String(stack.projectId),
          organizationId: stack.organizationId,
        });
      });
    },
    1_800_000,
  );

  withCli(
    "plugin face (YAML): a revoked key and a dead host fail the preview with up's message",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inInstalledProgram(pulumi, async (program) => {
        const { emulator, cli } = program;
        await yamlPluginStack(program, YAML_PROGRAM);
        const set = async (name: string, value: string) => {
          await cli(
            "config",
            "set",
            ...(name === "apiKey" ? ["--secret"] : []),
            `${PACKAGE_NAME}:${name}`,
            value,
          );
        };
        const control = (method: string) =>
          fetch(`${emulator.url}/_emulator/requests`, {
            method,
            headers: { authorization: `Bearer ${emulator.apiKey}` },
          });
        await walk("plugin (YAML)", ["Survey", "Invite"], {
          ns: PACKAGE_NAME,
          cli,
          set,
          log: async () => ((await (await control("GET")).json()) as { requests: LoggedRequest[] }).requests,
          clear: async () => {
            await control("DELETE");
          },
          goodKey: emulator.apiKey,
          goodHost: emulator.url,
          projectId: String(emulator.projectId),
          organizationId: emulator.organizationId,
        });
      });
    },
    1_800_000,
  );
});
