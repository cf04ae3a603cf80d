// A survey definition read from JSON with a "__proto__" key (JSON.parse makes it an own key), through the real
// CLI on both faces (issue 38). On the dynamic face the SDK would turn the key into the prototype of the inputs
// it sends, so its keys would reach PostHog as declared, and of the resource object, so the program would die
// with no message (provider-kit/seam.ts): the class refuses it, in the seam's words, when the program declares
// it. A YAML program carries the key as a quoted mapping key; the YAML language host checks a resource's
// properties against the plugin's schema and refuses it there, before the plugin is called (the key is not a
// property, and the name it wraps is not declared). Either way preview and up fail with a message that says
// so, PostHog receives no survey, and the run after the program is fixed is clean.
import fs from "node:fs";
import path from "node:path";
import { inCliStack, inInstalledProgram, yamlPluginStack } from "./program-folder";
import { failureOf, requirePulumiCli } from "../support/pulumi-cli";
import type { LoggedRequest } from "../support/stack";
import { RESOURCE_TOKENS } from "../../src/plugin/tokens";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const INJECTED = "Injected via proto";
const DEFINITION = `{"__proto__":{"name":"${INJECTED}"},"type":"popover","questions":[{"type":"open","question":"Q?"}]}`;
const FIXED = '{"name":"Fixed survey","type":"popover","questions":[{"type":"open","question":"Q?"}]}';

const jsProgram = (json: string) =>
  [
    'const posthog = require("pulumi-posthog");',
    `const raw = JSON.parse('${json}');`,
    'new posthog.Survey("p", raw);',
    "",
  ].join("\n");

/** The same program in YAML: the quoted key is a plain string key of the mapping, sent as the engine gets it. */
const yamlResources = (fixed: boolean, proto?: string) =>
  [
    "resources:",
    "  p:",
    `    type: ${RESOURCE_TOKENS.Survey}`,
    "    properties:",
    fixed ? "      name: Fixed survey" : `      "__proto__":\n        name: ${INJECTED}`,
    ...(proto ? [`      "__proto__":\n        ${proto}`] : []),
    "      type: popover",
    "      questions:",
    "        - type: open",
    '          question: "Q?"',
    "",
  ].join("\n");

const REASON =
  "cannot be declared: \"__proto__\" is JavaScript's name for an object's prototype, not a key PostHog can " +
  "receive, and it is refused on every face alike. Remove it.";

/** Requests that created or changed anything in PostHog. */
const writes = (log: LoggedRequest[]) => log.filter((r) => r.method !== "GET");

describe("a __proto__ key read from JSON, through the real Pulumi CLI", () => {
  withCli(
    "dynamic face: preview and up refuse it when the program declares the survey; fixed, the next up is clean",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const files = {
        "Pulumi.yaml": "name: proto-key\nruntime: nodejs\nmain: index.js\n",
        "index.js": jsProgram(DEFINITION),
      };
      await inCliStack(pulumi, { files }, async (stack) => {
        for (const command of [["preview"], ["up", "--yes", "--skip-preview"]]) {
          const message = await failureOf(stack.cli(...command));
          expect(message).toContain(`Survey "p": __proto__ ${REASON} Nothing was sent to PostHog.`);
          // The error itself, not the bare exit the SDK gave when the key replaced the resource's prototype.
          expect(message).not.toContain("promises were still active");
        }
        expect(writes(await stack.requests())).toEqual([]);
        expect(await stack.control("GET", "/state")).toMatchObject({ surveys: [] });

        fs.writeFileSync(path.join(stack.dir, "index.js"), jsProgram(FIXED));
        await stack.clearRequests();
        const up = await stack.cli("up", "--yes", "--skip-preview");
        expect(up.stdout).not.toMatch(/error/i);
        expect(writes(await stack.requests()).map((r) => [r.method, r.path])).toEqual([
          ["POST", `/api/projects/${stack.projectId}/surveys/`],
        ]);
        expect(await stack.control("GET", "/state")).toMatchObject({ surveys: [{ name: "Fixed survey" }] });
        await stack.cli("preview", "--expect-no-changes");
      });
    },
    1_800_000,
  );

  withCli(
    "plugin face: a YAML program's quoted __proto__ key is refused at preview and up; fixed, the next up is clean",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inInstalledProgram(pulumi, async (program) => {
        const { dir, emulator, cli } = program;
        const file = path.join(dir, "Pulumi.yaml");
        const added = await yamlPluginStack(
          program,
          "name: proto-key-yaml\nruntime: yaml\n" + yamlResources(false),
        );
        const log = async () =>
          (
            (await (await fetch(`${emulator.url}/_emulator/requests`, auth(emulator.apiKey))).json()) as {
              requests: LoggedRequest[];
            }
          ).requests;
        const surveys = async () =>
          (
            (await (await fetch(`${emulator.url}/_emulator/state`, auth(emulator.apiKey))).json()) as {
              surveys: { name: string }[];
            }
          ).surveys;

        for (const command of [["preview"], ["up", "--yes", "--skip-preview"]]) {
          const message = await failureOf(cli(...command));
          expect(message).toContain(
            `${RESOURCE_TOKENS.Survey} is not assignable from {__proto__: {name: string}`,
          );
          expect(message).toContain("name: Missing required property 'name'");
        }
        // With the name declared beside it, the key itself is what the host refuses.
        fs.writeFileSync(
          file,
          added.replace(yamlResources(false), yamlResources(true, "description: Injected")),
        );
        for (const command of [["preview"], ["up", "--yes", "--skip-preview"]]) {
          const message = await failureOf(cli(...command));
          expect(message).toContain(`Property __proto__ does not exist on '${RESOURCE_TOKENS.Survey}'`);
        }
        expect(writes(await log())).toEqual([]);
        expect(await surveys()).toEqual([]);

        fs.writeFileSync(file, added.replace(yamlResources(false), yamlResources(true)));
        const up = await cli("up", "--yes", "--skip-preview");
        expect(up.stdout).not.toMatch(/error/i);
        expect((await surveys()).map((s) => s.name)).toEqual(["Fixed survey"]);
        await cli("preview", "--expect-no-changes");

        // Inside a free-form map (a setting's `extra`) the host lets the key through; the plugin's protocol
        // decoding drops the entry (provider-kit/seam.ts), so nothing of it reaches PostHog.
        const extra =
          '      appearance:\n        extra:\n          "__proto__":\n            backgroundColor: "#000000"\n';
        fs.writeFileSync(file, added.replace(yamlResources(false), yamlResources(true) + extra));
        await cli("up", "--yes", "--skip-preview");
        expect(JSON.stringify(await log())).not.toContain("#000000");
        expect(JSON.stringify(await surveys())).not.toContain("#000000");
      });
    },
    1_800_000,
  );
});

const auth = (apiKey: string) => ({ headers: { authorization: `Bearer ${apiKey}` } });
