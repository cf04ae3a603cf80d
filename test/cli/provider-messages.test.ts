// Issue 34, the smaller defects, through the real CLI at normal verbosity on both faces: an API key set without
// `--secret` is warned about at preview on the dynamic face, naming `pulumi config set --secret` (the plugin
// keeps it encrypted in the state instead); a refresh that drops a resource
// PostHog no longer has says why; and (plugin face, where `pulumi import` works) an import of an id that leads to
// nothing names what is wrong with it. Each message is printed once in the summary the CLI ends with.
import path from "node:path";
import { failureOf, requirePulumiCli } from "../support/pulumi-cli";
import { emulatorCall } from "../support/fresh-connection";
import { initPluginStack, inCliStack, inInstalledProgram, writeProject } from "./program-folder";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const PLAIN_KEY =
  "posthog:apiKey is not a secret: the stack's config file (Pulumi.<stack>.yaml) holds the key in plain text, " +
  "and so do the stack's state and its backups (the pulumi-nodejs provider's inputs). Set it with " +
  "`pulumi config set --secret posthog:apiKey <key>`, or use the POSTHOG_API_KEY environment variable instead.";

const dropped = (id: string) =>
  `Survey "Dropped in PostHog": PostHog has no object with the stored id "${id}" (deleted in PostHog, or the id ` +
  "in the state is not one of its ids), so refresh removes it from the stack's state. The next `pulumi up` " +
  "creates it again if the program still declares it.";

const SURVEY = { name: "Dropped in PostHog", type: "popover" };

/** The summary the CLI ends with, where each message must appear exactly once. */
function summaryOf(printed: string): string {
  const at = printed.indexOf("Diagnostics:");
  expect(at).toBeGreaterThanOrEqual(0);
  return printed.slice(at);
}

function expectOnce(printed: string, line: string): void {
  const summary = summaryOf(printed);
  expect({ line, times: summary.split(line).length - 1 }).toEqual({ line, times: 1 });
}

/** Deletes the one survey the emulator holds, as a person in PostHog's UI would; its id. */
async function deleteTheSurvey(url: string, apiKey: string, projectId: number): Promise<string> {
  const list = await emulatorCall(url, apiKey, "GET", `/api/projects/${projectId}/surveys/`);
  const surveys = (list.body as { results: { id: string }[] }).results;
  expect(surveys).toHaveLength(1);
  const id = surveys[0]?.id ?? "";
  const gone = await emulatorCall(url, apiKey, "DELETE", `/api/projects/${projectId}/surveys/${id}/`);
  expect(gone.status).toBeLessThan(300);
  return id;
}

describe("the provider's messages through the real CLI at normal verbosity", () => {
  withCli("dynamic face: a plain key at preview, a resource dropped at refresh", async () => {
    if (!pulumi) throw new Error("runs only with a pulumi CLI");
    await inCliStack(
      pulumi,
      {
        files: {
          "Pulumi.yaml": "name: provider-messages\nruntime: nodejs\nmain: index.js\n",
          "index.js": `const posthog = require("pulumi-posthog");\nnew posthog.Survey("s", ${JSON.stringify(SURVEY)});\n`,
        },
      },
      async (stack) => {
        await stack.setConfig({ "posthog:apiKey": stack.apiKey }); // without --secret
        const preview = await stack.cli("preview");
        expectOnce(preview.stdout + preview.stderr, `warning: ${PLAIN_KEY}`);
        console.log(`dynamic face, pulumi preview with a plain key:\n${summaryOf(preview.stdout)}`);

        await stack.cli("up", "--yes", "--skip-preview");
        const id = await deleteTheSurvey(stack.url, stack.apiKey, stack.projectId);
        const refresh = await stack.cli("refresh", "--yes", "--skip-preview");
        expectOnce(refresh.stdout + refresh.stderr, `warning: ${dropped(id)}`);
        console.log(
          `dynamic face, pulumi refresh after the survey was deleted:\n${summaryOf(refresh.stdout)}`,
        );
      },
    );
  });

  withCli(
    "plugin face: a plain key kept out of the state, a resource dropped at refresh, import of a bad id",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inInstalledProgram(pulumi, async (program) => {
        const { dir, emulator, cli } = program;
        writeProject(dir, {
          name: "provider-messages",
          runtime: "yaml",
          resources: { s: { type: RESOURCE_TOKENS.Survey, properties: SURVEY } },
        });
        await initPluginStack(program, { plainKey: true });

        // The plugin cannot tell a plain key (CheckConfig gets every value unmarked); it marks the key secret,
        // so the state holds it encrypted whatever the config file does (provider-config.ts, checkConfig).
        await cli("up", "--yes", "--skip-preview");
        expect((await cli("stack", "export")).stdout).not.toContain(emulator.apiKey);
        const id = await deleteTheSurvey(emulator.url, emulator.apiKey, emulator.projectId);
        const refresh = await cli("refresh", "--yes", "--skip-preview");
        expectOnce(refresh.stdout + refresh.stderr, `warning: ${dropped(id)}`);
        console.log(
          `plugin face, pulumi refresh after the survey was deleted:\n${summaryOf(refresh.stdout)}`,
        );

        const malformed = await failureOf(
          cli("import", RESOURCE_TOKENS.Survey, "bad", "42", "--yes", "--out", path.join(dir, "bad.yaml")),
        );
        expect(malformed).toContain(
          '"42" is not a survey id: PostHog\'s ids are UUIDs such as 0190c0de-1234-7abc-8def-0123456789ab (the ' +
            "one in the survey's address in PostHog, …/surveys/<id>).",
        );
        const missing = await failureOf(
          cli("import", RESOURCE_TOKENS.Survey, "gone", id, "--yes", "--out", path.join(dir, "gone.yaml")),
        );
        expect(missing).toContain(
          `PostHog has no survey ${id} in project ${emulator.projectId}, the project this provider works in ` +
            `(${PACKAGE_NAME}:projectId, or the key's current project).`,
        );
        console.log(`plugin face, pulumi import of "42":\n${malformed}\n\nof a deleted survey:\n${missing}`);
      });
    },
  );
});
