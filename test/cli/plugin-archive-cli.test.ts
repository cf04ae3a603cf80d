// The plugin as a Python, Go or YAML team gets it, without npm: `pulumi plugin install resource posthog-iac
// <version> --file <archive>` of the release's archive (tools/release/plugin-archive.ts) into a fresh
// PULUMI_HOME, then a YAML program in a folder that has no package.json and no node_modules: up creates the
// survey in the emulator, destroy removes it. The plugin needs only `node` on PATH. Runs where the Pulumi CLI and
// its YAML language host are present, and is reported skipped elsewhere.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import YAML from "yaml";
import { z } from "zod";
import { startEmulator } from "posthog-emulator";
import { buildPluginArchives, PLATFORMS } from "../../tools/release/plugin-archive";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const { version } = z
  .object({ version: z.string() })
  .parse(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")));

/** This machine's platform as Pulumi names it in asset names. */
function hostPlatform(): (typeof PLATFORMS)[number] {
  const os = { linux: "linux", darwin: "darwin", win32: "windows" }[process.platform as string];
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch as string];
  const found = PLATFORMS.find((p) => p.os === os && p.arch === arch);
  if (!found) throw new Error(`no plugin archive for ${process.platform}/${process.arch}`);
  return found;
}

describe("the plugin archive through the real Pulumi CLI, no npm in the program's folder", () => {
  withCli(
    "pulumi plugin install --file, then a YAML program: up creates the survey, destroy removes it",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const work = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-iac-plugin-install-"));
      const emulator = await startEmulator({ port: 0 });
      try {
        const archives = await buildPluginArchives(REPO_ROOT, path.join(work, "archives"), version);
        const archive = archives[PLATFORMS.indexOf(hostPlatform())];
        const program = path.join(work, "program");
        fs.mkdirSync(path.join(program, "backend"), { recursive: true });
        const env = {
          PATH: process.env.PATH ?? "",
          HOME: work,
          PULUMI_HOME: path.join(work, "pulumi-home"),
          PULUMI_BACKEND_URL: `file://${path.join(program, "backend")}`,
          PULUMI_CONFIG_PASSPHRASE: "test-only",
          PULUMI_SKIP_UPDATE_CHECK: "true",
          PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        };
        const cli = (...args: string[]) =>
          promisify(execFile)(pulumi, args, { cwd: program, env, maxBuffer: 1 << 26 });

        const installed = await cli(
          "plugin",
          "install",
          "resource",
          PACKAGE_NAME,
          version,
          "--file",
          archive,
        );
        console.log(
          `pulumi plugin install resource ${PACKAGE_NAME} ${version} --file ${path.basename(archive)}\n` +
            `${installed.stdout}${installed.stderr}`,
        );
        const listed = await cli("plugin", "ls");
        console.log(`pulumi plugin ls:\n${listed.stdout}`);
        expect(listed.stdout).toMatch(
          new RegExp(`${PACKAGE_NAME}\\s+resource\\s+${version.replace(/\./g, "\\.")}`),
        );

        fs.writeFileSync(
          path.join(program, "Pulumi.yaml"),
          YAML.stringify({
            name: "plugin-archive",
            runtime: "yaml",
            resources: {
              nps: {
                type: RESOURCE_TOKENS.Survey,
                properties: {
                  name: "From the archive",
                  type: "popover",
                  questions: [{ type: "open", question: "Hi?" }],
                },
              },
            },
            outputs: { surveyId: "${nps.surveyId}" },
          }),
        );
        await cli("stack", "init", "dev", "--non-interactive");
        await cli("config", "set", `${PACKAGE_NAME}:host`, emulator.url);
        await cli("config", "set", "--secret", `${PACKAGE_NAME}:apiKey`, emulator.apiKey);
        await cli("config", "set", `${PACKAGE_NAME}:projectId`, String(emulator.projectId));
        await cli("config", "set", `${PACKAGE_NAME}:organizationId`, emulator.organizationId);
        const up = await cli("up", "--yes", "--skip-preview", "--non-interactive");
        console.log(`pulumi up:\n${up.stdout}`);

        const names = async () => {
          const res = await fetch(`${emulator.url}/api/projects/${emulator.projectId}/surveys/`, {
            headers: { authorization: `Bearer ${emulator.apiKey}` },
          });
          return z
            .object({ results: z.array(z.object({ name: z.string() })) })
            .parse(await res.json())
            .results.map((s) => s.name);
        };
        expect(await names()).toEqual(["From the archive"]);
        await cli("destroy", "--yes", "--skip-preview", "--non-interactive");
        expect(await names()).toEqual([]);
        expect(fs.readdirSync(program).sort()).toEqual(["Pulumi.dev.yaml", "Pulumi.yaml", "backend"]);
      } finally {
        await emulator.close();
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
    10 * 60 * 1000,
  );
});
