// The provider plugin through the real Pulumi CLI: `pulumi package add` on the installed package's plugin
// folder, a YAML program of posthog-iac resources against the emulator, then preview, up, import (with the
// generated code added to the program, the next preview has no changes) and destroy. The CLI cannot be
// installed here: this runs where a `pulumi` binary is on PATH and is reported skipped elsewhere.
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { inInstalledProgram, yamlPluginStack } from "./program-folder";
import { requirePulumiCli } from "../support/pulumi-cli";
import { RESOURCE_TOKENS } from "../../src/plugin/tokens";

// Chosen when the file loads: with no `pulumi` on PATH jest reports the test as skipped (and the message says why).
const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const PROGRAM = {
  name: "plugin-cli",
  runtime: "yaml",
  resources: {
    nps: {
      type: RESOURCE_TOKENS.Survey,
      properties: { name: "YAML survey", type: "popover", questions: [{ type: "open", question: "Hi?" }] },
    },
  },
  outputs: { surveyId: "${nps.surveyId}" },
};

describe("real Pulumi CLI with the provider plugin", () => {
  withCli(
    "package add, a YAML program: preview, up, import with a clean preview after, destroy",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inInstalledProgram(pulumi, async (folder) => {
        const { dir, emulator, cli } = folder;
        const file = path.join(dir, "Pulumi.yaml");
        await yamlPluginStack(folder, YAML.stringify(PROGRAM));

        // A new stack: the CLI counts the stack resource too.
        expect((await cli("preview")).stdout).toContain("+ 2 to create");
        await cli("up", "--yes", "--skip-preview");
        await cli("preview", "--expect-no-changes");

        // A survey made outside Pulumi, imported by its id; its generated YAML joins the program.
        const made = await fetch(`${emulator.url}/api/projects/${emulator.projectId}/surveys/`, {
          method: "POST",
          headers: { authorization: `Bearer ${emulator.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ name: "Made in the UI", type: "api" }),
        });
        const { id } = (await made.json()) as { id: string };
        const generated = path.join(dir, "imported.yaml");
        // `pulumi import` protects what it imports unless told otherwise; the stack is destroyed below.
        await cli(
          "import",
          RESOURCE_TOKENS.Survey,
          "imported",
          id,
          "--yes",
          "--protect=false",
          "--out",
          generated,
        );
        const program = YAML.parse(fs.readFileSync(file, "utf8")) as typeof PROGRAM;
        const imported = YAML.parse(fs.readFileSync(generated, "utf8")) as Pick<typeof PROGRAM, "resources">;
        fs.writeFileSync(
          file,
          YAML.stringify({ ...program, resources: { ...program.resources, ...imported.resources } }),
        );
        await cli("preview", "--expect-no-changes");

        const state = (await cli("stack", "export")).stdout;
        expect(state).not.toContain(emulator.apiKey);
        await cli("destroy", "--yes");
        const left = await fetch(`${emulator.url}/api/projects/${emulator.projectId}/surveys/`, {
          headers: { authorization: `Bearer ${emulator.apiKey}` },
        });
        expect(((await left.json()) as { results: unknown[] }).results).toEqual([]);
      });
    },
    900_000,
  );
});
