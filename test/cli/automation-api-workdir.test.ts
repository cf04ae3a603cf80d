// The Automation API with a program folder, as a user's own tooling drives a stack: `LocalWorkspace.createStack`
// with `workDir` runs the folder's Pulumi.yaml program through the `pulumi` on PATH, which starts the nodejs language
// host for it (an inline program starts none: docs/contributing/engine-cross-check.md says why that matters). The
// folder has the packed package installed (test/cli/program-folder.ts); config through `setAllConfig`, the key a
// secret; up, a preview with nothing to change, destroy, against the emulator; the language hosts that ran are
// recorded, and the nodejs one must be the folder's own (PULUMI_POSTHOG_LANGUAGE_HOSTS's, else the CLI's).
import path from "node:path";
import { LocalWorkspace, PulumiCommand, type ConfigMap } from "@pulumi/pulumi/automation";
import { inCliStack } from "./program-folder";
import { cliPath, requirePulumiCli } from "../support/pulumi-cli";
import { expectedHost, runtimeOf, startHostRecording } from "../support/language-hosts";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const PROGRAM = `const posthog = require("pulumi-posthog");
const survey = new posthog.Survey("workdir-survey", {
  name: "Through the Automation API",
  type: "popover",
  questions: [{ type: "open", question: "Hi?" }],
});
exports.surveyId = survey.surveyId;
`;

/** The environment's defined values, as LocalWorkspace's envVars take them. */
function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

describe("the Automation API with a program folder", () => {
  withCli(
    "LocalWorkspace with workDir: up creates the survey through the nodejs host, preview changes nothing, destroy removes it",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const files = {
        "Pulumi.yaml": "name: workdir\nruntime: nodejs\nmain: index.js\n",
        "index.js": PROGRAM,
      };
      await inCliStack(pulumi, { files, init: false }, async (stack) => {
        // The `pulumi` on PATH, as PulumiCommand.get() finds it without `root`. With `root` (an absolute command),
        // PulumiCommand.run puts the CLI's own folder first on PATH, ahead of a named hosts folder.
        const savedPath = process.env.PATH;
        process.env.PATH = cliPath(pulumi);
        try {
          const pulumiCommand = await PulumiCommand.get({ skipVersionCheck: true });
          const ws = await LocalWorkspace.createStack(
            { stackName: "dev", workDir: stack.dir },
            { pulumiCommand, envVars: definedOnly(stack.env) },
          );
          const config: ConfigMap = Object.fromEntries(
            Object.entries(stack.config).map(([key, value]) => [
              key,
              { value, secret: key === "posthog:apiKey" },
            ]),
          );
          await ws.setAllConfig(config);
          await stack.clearRequests();

          const recording = await startHostRecording();
          const up = await ws.up();
          const hosts = await recording.stop();
          const surveyId = String(up.outputs.surveyId.value);
          const writes = (await stack.requests())
            .filter((r) => r.method !== "GET")
            .map((r) => `${r.method} ${r.path} ${r.status}`);
          expect(writes).toEqual([`POST /api/projects/${stack.projectId}/surveys/ 201`]);
          const nodejs = hosts.filter((run) => runtimeOf(run) === "nodejs");
          expect(nodejs.length).toBeGreaterThan(0);
          expect([...new Set(nodejs.map((run) => run.exe))]).toEqual([expectedHost(pulumi, "nodejs")]);
          console.log(
            `LocalWorkspace up in ${path.basename(stack.dir)}: survey ${surveyId}; nodejs host ${nodejs[0].exe}`,
          );

          const preview = await ws.preview();
          expect(Object.keys(preview.changeSummary)).toEqual(["same"]);

          await stack.clearRequests();
          await ws.destroy();
          const deletes = (await stack.requests())
            .filter((r) => r.method !== "GET")
            .map((r) => `${r.method} ${r.path} ${r.status}`);
          expect(deletes).toEqual([`DELETE /api/projects/${stack.projectId}/surveys/${surveyId}/ 204`]);
          expect(JSON.stringify((await ws.exportStack()).deployment)).not.toContain(stack.apiKey);
        } finally {
          process.env.PATH = savedPath;
        }
      });
    },
    15 * 60 * 1000,
  );
});
