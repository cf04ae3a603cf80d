// Issue 55, item 6 (case 8), through the real Pulumi CLI on both faces (a YAML program on the plugin, a JavaScript
// program on the dynamic providers): a read never concludes "deleted" from the wrong host. After the host is set to
// another PostHog, a survey that is still live at the host its state records is not at the new one:
// - `pulumi refresh --run-program` looks for it where the state says it lives, and says plainly that it is left
//   there (never "deleted in PostHog"); the old PostHog receives no write.
// - With `checkKeyAndHost: false` (the diff does not look), an edit meets `PATCH 404` at the new host; the failure
//   says the survey is not known to be deleted and where it lives, never "deleted outside Pulumi".
// Each step prints the CLI's words and the requests each PostHog received, for the closing note.
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { requirePulumiCli } from "../support/pulumi-cli";
import { emulatorCall } from "../support/fresh-connection";
import type { LoggedRequest } from "../support/stack";
import { inCliStack, inInstalledProgram, yamlPluginStack, type CliRun } from "./program-folder";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const WRITES = new Set(["POST", "PATCH", "PUT", "DELETE"]);
const shown = (logged: LoggedRequest[]) => logged.map((r) => `${r.method} ${r.path} ${r.status}`).join("\n");
const writes = (logged: LoggedRequest[]) => logged.filter((r) => WRITES.has(r.method));

function words(text: string): string {
  return text
    .split("\n")
    .filter((line) =>
      /replace|create|update|delete|warning|error|left|lives|PostHog|Resources|404/i.test(line),
    )
    .join("\n");
}

const outcome = (attempt: Promise<CliRun>): Promise<{ ok: boolean; text: string }> =>
  attempt.then(
    (done) => ({ ok: true, text: done.stdout }),
    (error: Error) => ({ ok: false, text: error.message }),
  );

const yamlProgram = (name: string) => ({
  name: "read-at-host",
  runtime: "yaml",
  resources: { nps: { type: RESOURCE_TOKENS.Survey, properties: { name, type: "popover" } } },
  outputs: { surveyId: "${nps.id}" },
});

const dynamicProgram = (name: string) =>
  [
    'const posthog = require("pulumi-posthog");',
    `const nps = new posthog.Survey("nps", { name: ${JSON.stringify(name)}, type: "popover" });`,
    "exports.surveyId = nps.id;",
    "",
  ].join("\n");

interface Face {
  key(setting: string): string;
  cli(...args: string[]): Promise<CliRun>;
  /** Declares the survey with `name`. */
  declare(name: string): void;
  /** The PostHog the stack was applied on. */
  emulator: { url: string; apiKey: string };
}

/** The survey "Read at host" applied on a fresh emulator, with the key and host check on as a user has it. */
async function onFace(face: "yaml" | "dynamic", body: (stack: Face) => Promise<void>): Promise<void> {
  if (!pulumi) throw new Error("runs only with a pulumi CLI");
  if (face === "dynamic") {
    await inCliStack(
      pulumi,
      {
        files: { "Pulumi.yaml": "name: read-at-host\nruntime: nodejs\nmain: index.js\n" },
        config: { "posthog:checkKeyAndHost": "true" },
      },
      async (stack) => {
        const declare = (name: string) =>
          fs.writeFileSync(path.join(stack.dir, "index.js"), dynamicProgram(name));
        declare("Read at host");
        await stack.cli("up", "--yes", "--skip-preview");
        const emulator = { url: stack.url, apiKey: stack.apiKey };
        await body({ key: (s) => `posthog:${s}`, cli: stack.cli, declare, emulator });
      },
    );
    return;
  }
  await inInstalledProgram(pulumi, async (program) => {
    await yamlPluginStack(program, YAML.stringify(yamlProgram("Read at host")));
    const file = path.join(program.dir, "Pulumi.yaml");
    const declare = (name: string) => {
      const kept: Record<string, unknown> = YAML.parse(fs.readFileSync(file, "utf8"));
      fs.writeFileSync(file, YAML.stringify({ ...kept, ...yamlProgram(name) }));
    };
    await program.cli("up", "--yes", "--skip-preview");
    await body({ key: (s) => `${PACKAGE_NAME}:${s}`, cli: program.cli, declare, emulator: program.emulator });
  });
}

const requestsOf = async (emulator: { url: string; apiKey: string }) =>
  (
    (await emulatorCall(emulator.url, emulator.apiKey, "GET", "/_emulator/requests")).body as {
      requests: LoggedRequest[];
    }
  ).requests;
const clear = (emulator: { url: string; apiKey: string }) =>
  emulatorCall(emulator.url, emulator.apiKey, "DELETE", "/_emulator/requests");

/** The stack's config moved to `other` (another PostHog, the same key), as a user moving there sets it. */
async function moveTo(stack: Face, other: EmulatorHandle): Promise<void> {
  await stack.cli("config", "set", stack.key("host"), other.url);
  await stack.cli("config", "set", stack.key("organizationId"), other.organizationId);
}

describe.each(["yaml", "dynamic"] as const)(
  "a read never concludes deleted from the wrong host (%s face), through the real Pulumi CLI",
  (face) => {
    withCli(
      "case 8: refresh --run-program after a move says the survey is left at its recorded host, never deleted",
      async () => {
        await onFace(face, async (stack) => {
          const id = (await stack.cli("stack", "output", "surveyId")).stdout.trim();
          const other = await startEmulator({ port: 0, apiKey: stack.emulator.apiKey });
          try {
            await moveTo(stack, other);
            await clear(stack.emulator);
            const refresh = await outcome(stack.cli("refresh", "--run-program", "--yes", "--skip-preview"));
            const [atOld, atNew] = [await requestsOf(stack.emulator), await requestsOf(other)];
            console.log(
              `case 8 (${face}), refresh --run-program after host ${stack.emulator.url} -> ${other.url}\n` +
                `refresh:\n${words(refresh.text)}\n${stack.emulator.url} received:\n${shown(atOld)}\n` +
                `${other.url} received:\n${shown(atNew)}`,
            );
            expect(refresh.text).not.toContain("deleted in PostHog");
            expect(refresh.text).toContain(
              `survey ${id} is at ${stack.emulator.url}, where this stack's state says it lives, not at ${other.url}`,
            );
            expect(writes(atOld)).toEqual([]);
            expect(writes(atNew)).toEqual([]);
          } finally {
            await other.close();
          }
        });
      },
      1_800_000,
    );

    withCli(
      "case 8: with checkKeyAndHost false, an edit after a move fails saying where the survey lives, never deleted",
      async () => {
        await onFace(face, async (stack) => {
          const id = (await stack.cli("stack", "output", "surveyId")).stdout.trim();
          const other = await startEmulator({ port: 0, apiKey: stack.emulator.apiKey });
          try {
            await stack.cli("config", "set", stack.key("checkKeyAndHost"), "false");
            await moveTo(stack, other);
            stack.declare("Read at host, renamed");
            await clear(stack.emulator);
            const up = await outcome(stack.cli("up", "--yes", "--skip-preview"));
            const [atOld, atNew] = [await requestsOf(stack.emulator), await requestsOf(other)];
            console.log(
              `case 8 (${face}), checkKeyAndHost false, edit after host ${stack.emulator.url} -> ${other.url}\n` +
                `up:\n${words(up.text)}\n${stack.emulator.url} received:\n${shown(atOld)}\n` +
                `${other.url} received:\n${shown(atNew)}`,
            );
            expect(up.ok).toBe(false);
            expect(up.text).not.toContain("deleted outside Pulumi");
            expect(up.text).toContain(
              `${other.url} has no survey ${id}: this stack's state says it lives at ${stack.emulator.url}`,
            );
            expect(writes(atOld)).toEqual([]);
          } finally {
            await other.close();
          }
        });
      },
      1_800_000,
    );
  },
);
