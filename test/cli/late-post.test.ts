// A create PostHog answers after the client gave up, through the real `pulumi` CLI on both faces: with
// `requestTimeoutMs` 2000, the invite POST is held 6 s by the server before it is applied (the emulator's
// `latencyMs` fault sleeps, then applies). The provider never sends it again in the same run
// (src/ownership/late-create.ts): it looks the invite up until it lands, within the request deadline. So
// PostHog receives one POST for the address (one email), and the stack records the invite PostHog holds.
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { inCliStack, inInstalledProgram, yamlPluginStack, type CliRun } from "./program-folder";
import { requirePulumiCli } from "../support/pulumi-cli";
import { emulatorCall } from "../support/fresh-connection";
import type { LoggedRequest } from "../support/stack";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { REPO_ROOT } from "../support/self-link";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const EMAIL = "late@example.com";
const DELAY_MS = 6_000;
const TIMEOUT_MS = 2_000;

interface Face {
  url: string;
  apiKey: string;
  run(...args: string[]): Promise<CliRun>;
}

interface Checkpoint {
  deployment: { resources: { type: string; id?: string }[] };
}

async function control<T>(face: Face, method: string, route: string, body?: unknown): Promise<T> {
  const res = await emulatorCall(face.url, face.apiKey, method, `/_emulator${route}`, body);
  if (res.status >= 400) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

async function latePost(face: Face, label: string): Promise<void> {
  await control(face, "POST", "/faults", {
    faults: [{ method: "POST", path: "/invites/?$", times: 1, latencyMs: DELAY_MS }],
  });
  const up = await face.run("up", "--yes", "--skip-preview");
  await control(face, "DELETE", "/faults");
  const { requests } = await control<{ requests: LoggedRequest[] }>(face, "GET", "/requests");
  const invitePosts = requests.filter(
    (r) => r.method === "POST" && (r.body as { target_email?: string } | null)?.target_email === EMAIL,
  );
  expect(invitePosts).toHaveLength(1);
  const { invites } = await control<{ invites: { id: string; target_email: string }[] }>(
    face,
    "GET",
    "/state",
  );
  expect(invites.map((i) => i.target_email)).toEqual([EMAIL]);
  const state = JSON.parse((await face.run("stack", "export")).stdout) as Checkpoint;
  const recorded = state.deployment.resources.filter((r) => r.type.endsWith("Invite")).map((r) => r.id);
  expect(recorded).toEqual([invites[0].id]);
  await face.run("preview", "--expect-no-changes");
  const dir = path.join(REPO_ROOT, ".tmp", "late-post");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `${label}.txt`),
    [
      "$ pulumi up",
      (up.stdout + up.stderr).trim(),
      "",
      "requests PostHog received:",
      ...requests.map(
        (r) =>
          `  ${r.time} ${r.method} ${r.path}${r.query ? `?${r.query.replace(/^\?/, "")}` : ""} ${r.status}`,
      ),
      "",
      `invite in PostHog: ${invites[0].id}; recorded: ${recorded.join(", ")}`,
      "",
    ].join("\n"),
  );
  await face.run("destroy", "--yes", "--skip-preview");
}

describe("an invite POST answered after the client's timeout is sent once, through the real Pulumi CLI", () => {
  withCli(
    "dynamic providers (JavaScript program)",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const files = {
        "Pulumi.yaml": "name: late-post\nruntime: nodejs\nmain: index.js\n",
        "index.js": `const posthog = require("pulumi-posthog");\nnew posthog.Invite("late", { targetEmail: ${JSON.stringify(EMAIL)} });\n`,
      };
      await inCliStack(
        pulumi,
        { files, config: { "posthog:requestTimeoutMs": String(TIMEOUT_MS) } },
        (stack) =>
          latePost({ url: stack.url, apiKey: stack.apiKey, run: (...args) => stack.cli(...args) }, "dynamic"),
      );
    },
    900_000,
  );

  withCli(
    "plugin (YAML program)",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inInstalledProgram(pulumi, async (installed) => {
        const { emulator, cli } = installed;
        const program = {
          name: "late-post",
          runtime: "yaml",
          resources: { late: { type: RESOURCE_TOKENS.Invite, properties: { targetEmail: EMAIL } } },
        };
        await yamlPluginStack(installed, YAML.stringify(program));
        await cli("config", "set", `${PACKAGE_NAME}:requestTimeoutMs`, String(TIMEOUT_MS));
        await latePost({ url: emulator.url, apiKey: emulator.apiKey, run: cli }, "plugin-yaml");
      });
    },
    900_000,
  );
});
