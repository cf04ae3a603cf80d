// Issue 44, item 3, through the real CLI at normal verbosity: the messages name the real mistake, each once.
// - Dynamic face (a JavaScript program): a key set only as `posthog-iac:apiKey` names it and `posthog:apiKey`; a
//   revoked key's message is printed once (the SDK's server used to print it first, ending in `.:`); a host ending
//   in /api is refused naming the host to set.
// - YAML: a key set only as `posthog:apiKey` names it and `posthog-iac:apiKey`.
// - Python: a misspelt key and a wrong value inside a question each give one message naming the path, without the
//   questions repeated in Go's `%v` form and without a second "is required".
// Each output is printed for the note. Runs in `npm run test:cli`; elsewhere jest reports it skipped.
import fs from "node:fs";
import path from "node:path";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { failureOf, requirePulumiCli } from "../support/pulumi-cli";
import { emulatorStackConfig, startTestEmulator } from "./plugin/emulators";
import { PYTHON_LANGUAGE, YAML_LANGUAGE } from "./plugin/languages";
import { inCliStack, preparePluginProject, readProject, writeProject } from "./program-folder";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const REVOKED = "phx_revokedKeyPostHogDoesNotKnow0123456";

const misplaced = (here: string, there: string, readHere: string, readThere: string) =>
  `No PostHog API key is set under ${here}:apiKey, which ${readHere} read. The stack sets ${there}:apiKey ` +
  `instead, which only ${readThere} read. Set the key this program's resources read: \`pulumi config set ` +
  `--secret ${here}:apiKey <personal API key>\` (and \`pulumi config rm ${there}:apiKey\` if nothing else reads ` +
  "it), or the POSTHOG_API_KEY environment variable.";
const TYPESCRIPT_READERS =
  "the pulumi-posthog npm package's TypeScript classes (Survey, Invite, InviteBatch)";
const PLUGIN_READERS = `the resources of the ${PACKAGE_NAME} provider plugin (the Python, Go, Java, YAML and Node.js SDKs)`;

/** What a failed command printed: its stdout and stderr (failureOf's message also repeats stderr in its first part). */
function printedBy(failure: string): string {
  const at = failure.indexOf("\n--- stdout\n");
  expect(at).toBeGreaterThanOrEqual(0);
  return failure.slice(at);
}

/**
 * `line` appears exactly once in the summary the CLI ends with (`Diagnostics:`; the live display above it shows each
 * event as it happens), and no line the CLI printed ends in `.:` (the SDK's echo of an error, issue 44).
 */
function expectOnce(failure: string, line: string): void {
  const printed = printedBy(failure);
  const summary = printed.slice(printed.indexOf("Diagnostics:"));
  expect(summary).toMatch(/^Diagnostics:/);
  expect({ line, times: summary.split(line).length - 1 }).toEqual({ line, times: 1 });
  expect(printed.split("\n").filter((l) => /\.:\s*$/.test(l))).toEqual([]);
}

const SURVEY = { name: "Checked survey", type: "api" };

describe("messages that name the real mistake, through the real CLI", () => {
  withCli(
    "dynamic face: a key under posthog-iac:, a revoked key, a host ending in /api",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const files = {
        "Pulumi.yaml": "name: mistakes\nruntime: nodejs\nmain: index.js\n",
        "index.js": `const posthog = require("pulumi-posthog");\nnew posthog.Survey("s", ${JSON.stringify(SURVEY)});\n`,
      };
      await inCliStack(pulumi, { files, config: { "posthog:checkKeyAndHost": "true" } }, async (stack) => {
        await stack.cli("config", "rm", "posthog:apiKey");
        await stack.setConfig({ [`${PACKAGE_NAME}:apiKey`]: { secret: stack.apiKey } });
        const wrongName = await failureOf(stack.cli("preview"));
        expectOnce(wrongName, misplaced("posthog", PACKAGE_NAME, TYPESCRIPT_READERS, PLUGIN_READERS));
        expect(wrongName).not.toContain(stack.apiKey);
        console.log(`dynamic face, the key set as ${PACKAGE_NAME}:apiKey:\n${printedBy(wrongName)}`);

        await stack.setConfig({ "posthog:apiKey": { secret: REVOKED } });
        const revoked = await failureOf(stack.cli("preview"));
        expectOnce(revoked, "Personal API key found in request Authorization header is invalid.");
        console.log(`dynamic face, a revoked key:\n${printedBy(revoked)}`);

        await stack.setConfig({
          "posthog:apiKey": { secret: stack.apiKey },
          "posthog:host": `${stack.url}/api`,
        });
        await stack.clearRequests();
        const withApi = await failureOf(stack.cli("preview"));
        expectOnce(
          withApi,
          `posthog:host is PostHog's address without the API path, such as https://us.posthog.com: the provider ` +
            `adds /api/… to each request itself, so "${stack.url}/api" would be asked for ${stack.url}/api/api/…. ` +
            `Set it to ${stack.url}.`,
        );
        expect(await stack.requests()).toEqual([]);
        console.log(`dynamic face, posthog:host ${stack.url}/api:\n${printedBy(withApi)}`);
      });
    },
    1_800_000,
  );

  withCli(
    "YAML: a key under posthog:",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const emulator = await startTestEmulator("phx_mistake_messages_yaml_0001");
      const project = await preparePluginProject(pulumi, YAML_LANGUAGE);
      try {
        writeProject(project.dir, {
          ...readProject(project.dir),
          resources: { s: { type: RESOURCE_TOKENS.Survey, properties: SURVEY } },
        });
        const { [`${PACKAGE_NAME}:apiKey`]: key, ...config } = emulatorStackConfig(PACKAGE_NAME, emulator);
        await project.newStack("dev", {
          ...config,
          "posthog:apiKey": key ?? "",
          [`${PACKAGE_NAME}:checkKeyAndHost`]: "true",
        });
        const wrongName = await failureOf(project.cli("preview"));
        expectOnce(wrongName, misplaced(PACKAGE_NAME, "posthog", PLUGIN_READERS, TYPESCRIPT_READERS));
        expect(wrongName).not.toContain(emulator.apiKey);
        expect(await emulator.take()).toEqual([]);
        console.log(`YAML, the key set as posthog:apiKey:\n${printedBy(wrongName)}`);
      } finally {
        project.cleanup();
        await emulator.close();
      }
    },
    1_800_000,
  );

  withCli(
    "Python: a misspelt key and a wrong value inside a question, each one message naming the path",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const emulator = await startTestEmulator("phx_mistake_messages_python_0001");
      const project = await preparePluginProject(pulumi, PYTHON_LANGUAGE);
      try {
        await project.newStack("dev", emulatorStackConfig(PACKAGE_NAME, emulator));
        const program = (question: string) =>
          [
            "import pulumi_posthog_iac as posthog_iac",
            "",
            `posthog_iac.Survey("nps", name="Quarterly NPS", type=posthog_iac.SurveyType.POPOVER, questions=[${question}])`,
            "",
          ].join("\n");
        const cases = [
          {
            what: "a misspelt key",
            question: '{"type": "open", "questoin": "What should we improve?"}',
            says: 'questions[0].questoin: unknown key; did you mean "question"?',
          },
          {
            what: "a wrong value",
            question: '{"type": "rating", "question": "How likely?", "scale": 11, "display": "number"}',
            says: "questions[0].scale: rating scale must be 2, 3 or 5 (emoji) or 5, 7 or 10 (number).",
          },
        ];
        for (const { what, question, says } of cases) {
          fs.writeFileSync(path.join(project.dir, "__main__.py"), program(question));
          const printed = await failureOf(project.cli("preview"));
          expectOnce(printed, `${RESOURCE_TOKENS.Survey} resource 'nps' has a problem: ${says}`);
          expect(printed).not.toContain("map[");
          expect(printed).not.toContain("is required");
          console.log(`Python, ${what} inside a question:\n${printedBy(printed)}`);
        }

        // Issue 51: a wrong enum value. The provider's line is there once; the Python program, interrupted by its
        // host when the engine stops the preview (the Cancel RPC; Pulumi's python host does the same), prints
        // KeyboardInterrupt tracebacks the provider cannot prevent; docs/troubleshooting.md says which line to read.
        fs.writeFileSync(
          path.join(project.dir, "__main__.py"),
          [
            "import pulumi_posthog_iac as posthog_iac",
            "",
            'posthog_iac.Invite("ada", target_email="ada@example.com", level="superadmin")',
            "",
          ].join("\n"),
        );
        const enumError = printedBy(await failureOf(project.cli("preview")));
        console.log(`Python, a wrong enum value (${enumError.split("\n").length} lines):\n${enumError}`);
        const line = `${RESOURCE_TOKENS.Invite} resource 'ada': property level value {superadmin} has a problem: level must be one of: member, admin, owner; got "superadmin".`;
        expectOnce(enumError, line);
        // The tracebacks' length is Python's and the moment's: 40 lines in one run, 160 in another under load (same
        // CLI, same program), so no count can be held. What is held is the place the guide names: the error line
        // under the resource in the summary's Diagnostics section.
        const summary = enumError.slice(enumError.lastIndexOf("Diagnostics:")).split("\n");
        const under = summary.findIndex((l) => l.trim() === `${RESOURCE_TOKENS.Invite} (ada):`);
        expect(under).toBeGreaterThan(0);
        expect(summary[under + 1]?.trim()).toBe(`error: ${line}`);
        const guide = fs.readFileSync(path.join(__dirname, "../../docs/troubleshooting.md"), "utf8");
        expect(guide).toContain("KeyboardInterrupt");
        expect(guide).toContain("has a problem: level must be one of: member, admin, owner");
        expect(await emulator.take()).toEqual([]);
      } finally {
        project.cleanup();
        await emulator.close();
      }
    },
    1_800_000,
  );
});
