// The plugin as a Python, Go or YAML team gets it, without npm: `pulumi plugin install resource posthog-iac
// <version> --file <archive>` of the release's archive (tools/release/plugin-archive.ts) into a fresh
// PULUMI_HOME, then programs in folders that have no package.json and no node_modules, against the emulator:
// - YAML: up creates the survey, destroy removes it;
// - Python: the SDK's wheel, built from sdk/python with pip (PEP 517, setuptools from the wheel folder
//   test/cli/plugin/python-env.ts keeps, so offline), installed into the program's own venv beside Pulumi's
//   Python SDK; up and destroy send PostHog the survey's POST and DELETE.
// The plugin needs only `node` on PATH. Runs where the Pulumi CLI and its language hosts are present, and is
// reported skipped elsewhere.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import YAML from "yaml";
import { z } from "zod";
import { startEmulator } from "posthog-emulator";
import { buildPluginArchives, hostPlatform, PLATFORMS } from "../../tools/release/plugin-archive";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { cliPath, requirePulumiCli } from "../support/pulumi-cli";
import { runCommand } from "../support/run-command";
import { REPO_ROOT } from "../support/self-link";
import { createVenv, pipInstall, wheelFolder } from "./plugin/python-env";
import { buildPythonWheel } from "../../tools/release/python-wheel";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const { version } = z
  .object({ version: z.string() })
  .parse(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")));

/** What PostHog received, as `METHOD path status` plus the survey's name where one was sent. */
async function received(url: string, apiKey: string): Promise<string[]> {
  const res = await fetch(`${url}/_emulator/requests`, { headers: { authorization: `Bearer ${apiKey}` } });
  const { requests } = z
    .object({
      requests: z.array(
        z.object({ method: z.string(), path: z.string(), status: z.number(), body: z.unknown() }),
      ),
    })
    .parse(await res.json());
  const named = z.object({ name: z.string() });
  return requests.map((r) => {
    const body = named.safeParse(r.body);
    return `${r.method} ${r.path} ${r.status}${body.success ? ` ${body.data.name}` : ""}`;
  });
}

/** The names of the surveys in the emulator's project. */
async function surveyNames(url: string, apiKey: string, projectId: number): Promise<string[]> {
  const res = await fetch(`${url}/api/projects/${projectId}/surveys/`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  return z
    .object({ results: z.array(z.object({ name: z.string() })) })
    .parse(await res.json())
    .results.map((s) => s.name);
}

describe("the plugin archive through the real Pulumi CLI, no npm in the program's folder", () => {
  let work = "";
  let pulumiHome = "";
  beforeAll(
    async () => {
      if (!pulumi) return;
      work = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-iac-plugin-install-"));
      pulumiHome = path.join(work, "pulumi-home");
    },
    10 * 60 * 1000,
  );
  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  /** A program folder with its own file backend, the CLI offline, PULUMI_HOME shared with the plugin install. */
  function programFolder(name: string) {
    if (!pulumi) throw new Error("runs only with a pulumi CLI");
    const cliBin = pulumi;
    const dir = path.join(work, name);
    fs.mkdirSync(path.join(dir, "backend"), { recursive: true });
    const env = {
      // The hosts folder of the cross-check when one is named, then the toolchain's folder: its language hosts and
      // pulumi-language-python-exec live beside the CLI.
      PATH: cliPath(cliBin),
      HOME: work,
      PULUMI_HOME: pulumiHome,
      PULUMI_BACKEND_URL: `file://${path.join(dir, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "test-only",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    };
    const cli = (...args: string[]) => runCommand(cliBin, args, { cwd: dir, env });
    return { dir, env, cli };
  }

  /** Builds the archives and installs this machine's with `pulumi plugin install --file`; once per file. */
  let installing: Promise<void> | undefined;
  function installPlugin(): Promise<void> {
    installing ??= (async () => {
      const { cli } = programFolder("install");
      const archives = await buildPluginArchives(REPO_ROOT, path.join(work, "archives"), version);
      const archive = archives[PLATFORMS.indexOf(hostPlatform())];
      const installed = await cli("plugin", "install", "resource", PACKAGE_NAME, version, "--file", archive);
      console.log(
        `pulumi plugin install resource ${PACKAGE_NAME} ${version} --file ${path.basename(archive)}\n` +
          `${installed.stdout}${installed.stderr}`,
      );
      const listed = await cli("plugin", "ls");
      console.log(`pulumi plugin ls:\n${listed.stdout}`);
      expect(listed.stdout).toMatch(
        new RegExp(`${PACKAGE_NAME}\\s+resource\\s+${version.replace(/\./g, "\\.")}`),
      );
    })();
    return installing;
  }

  /** The stack's config pointing the plugin's default provider at the emulator (the key as a secret). */
  async function configure(
    cli: (...args: string[]) => Promise<unknown>,
    emulator: { url: string; apiKey: string; projectId: number; organizationId: string },
  ): Promise<void> {
    await cli("stack", "init", "dev", "--non-interactive");
    await cli("config", "set", `${PACKAGE_NAME}:host`, emulator.url);
    await cli("config", "set", "--secret", `${PACKAGE_NAME}:apiKey`, emulator.apiKey);
    await cli("config", "set", `${PACKAGE_NAME}:projectId`, String(emulator.projectId));
    await cli("config", "set", `${PACKAGE_NAME}:organizationId`, emulator.organizationId);
  }

  withCli(
    "pulumi plugin install --file, then a YAML program: up creates the survey, destroy removes it",
    async () => {
      await installPlugin();
      const emulator = await startEmulator({ port: 0 });
      try {
        const { dir: program, cli } = programFolder("yaml-program");
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
        await configure(cli, emulator);
        const up = await cli("up", "--yes", "--skip-preview", "--non-interactive");
        console.log(`pulumi up:\n${up.stdout}`);
        expect(await surveyNames(emulator.url, emulator.apiKey, emulator.projectId)).toEqual([
          "From the archive",
        ]);
        await cli("destroy", "--yes", "--skip-preview", "--non-interactive");
        expect(await surveyNames(emulator.url, emulator.apiKey, emulator.projectId)).toEqual([]);
        expect(fs.readdirSync(program).sort()).toEqual(["Pulumi.dev.yaml", "Pulumi.yaml", "backend"]);
      } finally {
        await emulator.close();
      }
    },
    10 * 60 * 1000,
  );

  withCli(
    "then a Python program on the SDK's wheel in its own venv: up and destroy send PostHog the survey's POST and DELETE",
    async () => {
      await installPlugin();
      const emulator = await startEmulator({ port: 0 });
      try {
        const { dir: program, cli } = programFolder("python-program");
        const wheels = await wheelFolder();
        const dist = path.join(work, "dist");
        const wheel = path.basename(await buildPythonWheel(REPO_ROOT, dist, [wheels]));
        expect(wheel).toBe(`pulumi_posthog_iac-${version}-py3-none-any.whl`);

        // What a Python team writes: requirements, a venv, the program. No package.json, no node_modules.
        fs.writeFileSync(
          path.join(program, "Pulumi.yaml"),
          YAML.stringify({
            name: "plugin-archive-python",
            runtime: { name: "python", options: { toolchain: "pip", virtualenv: "venv" } },
          }),
        );
        fs.writeFileSync(
          path.join(program, "requirements.txt"),
          `pulumi>=3.0.0,<4.0.0\npulumi_posthog_iac==${version}\n`,
        );
        fs.writeFileSync(
          path.join(program, "__main__.py"),
          [
            "import pulumi",
            "import pulumi_posthog_iac as posthog_iac",
            "",
            "nps = posthog_iac.Survey(",
            '    "nps",',
            '    name="From the archive, in Python",',
            '    type="popover",',
            '    questions=[{"type": "open", "question": "Hi?"}],',
            ")",
            "",
            'pulumi.export("surveyId", nps.survey_id)',
            "",
          ].join("\n"),
        );
        const venv = await createVenv(program);
        await pipInstall(venv, [wheels, dist], ["-r", path.join(program, "requirements.txt")]);

        await configure(cli, emulator);
        await fetch(`${emulator.url}/_emulator/requests`, {
          method: "DELETE",
          headers: { authorization: `Bearer ${emulator.apiKey}` },
        });
        const up = await cli("up", "--yes", "--skip-preview", "--non-interactive");
        console.log(`pulumi up (Python):\n${up.stdout}`);
        const outputs = z
          .object({ surveyId: z.string() })
          .parse(JSON.parse((await cli("stack", "output", "--json", "--non-interactive")).stdout));
        expect(await surveyNames(emulator.url, emulator.apiKey, emulator.projectId)).toEqual([
          "From the archive, in Python",
        ]);
        await cli("destroy", "--yes", "--skip-preview", "--non-interactive");
        expect(await surveyNames(emulator.url, emulator.apiKey, emulator.projectId)).toEqual([]);
        const writes = (await received(emulator.url, emulator.apiKey)).filter((r) => !r.startsWith("GET "));
        console.log(`PostHog received (writes):\n${writes.join("\n")}`);
        expect(writes).toEqual([
          `POST /api/projects/${emulator.projectId}/surveys/ 201 From the archive, in Python`,
          `DELETE /api/projects/${emulator.projectId}/surveys/${outputs.surveyId}/ 204`,
        ]);
        expect(fs.readdirSync(program).sort()).toEqual([
          "Pulumi.dev.yaml",
          "Pulumi.yaml",
          "__main__.py",
          "__pycache__",
          "backend",
          "requirements.txt",
          "venv",
        ]);
      } finally {
        await emulator.close();
      }
    },
    15 * 60 * 1000,
  );
});
