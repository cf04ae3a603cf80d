// End to end with the real Pulumi CLI (local file backend) against the emulator. The CLI cannot be installed
// here, so this runs only where a `pulumi` binary is on PATH; elsewhere it prints that it did not run and
// jest reports it as skipped.
import fs from "node:fs";
import path from "node:path";
import { inInstalledProgram } from "./program-folder";
import { requirePulumiCli } from "../support/pulumi-cli";

// Chosen when the file loads: with no `pulumi` on PATH jest reports the test as skipped (and the message says why).
const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const PROGRAM = `const posthog = require("pulumi-posthog");
const survey = new posthog.Survey("cli-survey", { name: "Real CLI survey", type: "popover" });
exports.surveyId = survey.surveyId;
`;

describe("real Pulumi CLI", () => {
  withCli(
    "up, a no-change preview, destroy",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inInstalledProgram(pulumi, async ({ dir, emulator, cli }) => {
        fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: cli-e2e\nruntime: nodejs\nmain: index.js\n");
        fs.writeFileSync(path.join(dir, "index.js"), PROGRAM);
        await cli("stack", "init", "dev");
        await cli("config", "set", "posthog:host", emulator.url);
        await cli("config", "set", "--secret", "posthog:apiKey", emulator.apiKey);
        await cli("config", "set", "posthog:projectId", String(emulator.projectId));
        await cli("up", "--yes", "--skip-preview");
        await cli("preview", "--expect-no-changes");
        const state = (await cli("stack", "export")).stdout;
        expect(state).not.toContain(emulator.apiKey);
        await cli("destroy", "--yes");
      });
    },
    600_000,
  );
});
