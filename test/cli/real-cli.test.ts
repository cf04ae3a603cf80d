// End to end with the real Pulumi CLI (local file backend) against the emulator. The CLI cannot be installed
// here, so this runs only where a `pulumi` binary is on PATH; elsewhere it prints that it did not run and
// jest reports it as skipped.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { startEmulator } from "posthog-emulator";
import { packAndInstall } from "../package/install";
import { requirePulumiCli } from "../support/pulumi-cli";

// Chosen when the file loads: with no `pulumi` on PATH jest reports the test as skipped (and the message says why).
const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const run = promisify(execFile);

const PROGRAM = `const posthog = require("pulumi-posthog");
const survey = new posthog.Survey("cli-survey", { name: "Real CLI survey", type: "popover" });
exports.surveyId = survey.surveyId;
`;

describe("real Pulumi CLI", () => {
  withCli(
    "up, a no-change preview, destroy",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const installed = packAndInstall();
      const emulator = await startEmulator({ port: 0 });
      try {
        const dir = installed.dir;
        fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: cli-e2e\nruntime: nodejs\nmain: index.js\n");
        fs.writeFileSync(path.join(dir, "index.js"), PROGRAM);
        fs.mkdirSync(path.join(dir, "backend"));
        const env = {
          ...process.env,
          PULUMI_BACKEND_URL: `file://${path.join(dir, "backend")}`,
          PULUMI_CONFIG_PASSPHRASE: "test-only",
          PULUMI_SKIP_UPDATE_CHECK: "true",
        };
        const cli = (...args: string[]) => run(pulumi, [...args, "--non-interactive"], { cwd: dir, env });
        await cli("stack", "init", "dev");
        await cli("config", "set", "posthog:host", emulator.url);
        await cli("config", "set", "--secret", "posthog:apiKey", emulator.apiKey);
        await cli("config", "set", "posthog:projectId", String(emulator.projectId));
        await cli("up", "--yes", "--skip-preview");
        await cli("preview", "--expect-no-changes");
        const state = (await cli("stack", "export")).stdout;
        expect(state).not.toContain(emulator.apiKey);
        await cli("destroy", "--yes");
      } finally {
        await emulator.close();
        installed.cleanup();
      }
    },
    600_000,
  );
});
