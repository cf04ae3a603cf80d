// Where the real Pulumi CLI downloads the posthog-iac plugin from, on each install route a YAML, Python, Go or Java
// program takes: `pulumi install`, `pulumi plugin install` (the project's plugins, and the documented
// `--server` line), `pulumi package add` and the first `pulumi up`, each in a fresh PULUMI_HOME. GitHub's release
// API is stood in for on 127.0.0.1 (./plugin/release-host.ts, reached through the CLI's own download-URL override),
// holding this release's archive (tools/release/plugin-archive.ts) under this project's repository only. Each route
// must ask this project's release (the schema's pluginDownloadURL), never the CLI's fallback
// github.com/pulumi/pulumi-posthog-iac, and leave the plugin installed; the requests are printed.
// Runs in `npm run test:cli`; elsewhere jest reports it skipped.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { startEmulator } from "posthog-emulator";
import {
  archiveName,
  buildPluginArchives,
  hostPlatform,
  PLATFORMS,
} from "../../tools/release/plugin-archive";
import { installJavaSdk } from "../../tools/release/java-sdk";
import { buildPythonWheel } from "../../tools/release/python-wheel";
import { getSchema } from "../../src/plugin/schema";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import { cliPath, requirePulumiCli } from "../support/pulumi-cli";
import { runCommand } from "../support/run-command";
import { REPO_ROOT } from "../support/self-link";
import { spawnKillable, waitFor } from "./program-folder";
import { createVenv, pipInstall, wheelFolder } from "./plugin/python-env";
import { startReleaseHost, type ReleaseHost } from "./plugin/release-host";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const schema = getSchema();
const version = schema.version ?? "";
/** `owner/name` of the schema's pluginDownloadURL (github://api.github.com/<owner>/<name>). */
const RELEASE_REPO = (schema.pluginDownloadURL ?? "").replace(/^github:\/\/api\.github\.com\//, "");
const ASSET = archiveName(version, hostPlatform());
const SERVER = schema.pluginDownloadURL ?? "";

/** What a download of this release asks GitHub: the release by its tag, then its asset for this machine. */
const DOWNLOAD = [
  `GET /repos/${RELEASE_REPO}/releases/tags/v${version}`,
  `GET /repos/${RELEASE_REPO}/releases/assets/${ASSET}`,
];

interface Program {
  dir: string;
  /** `pulumi <args>` with a PULUMI_HOME of its own per `home` name (a fresh one is a first run). */
  cli(home: string, ...args: string[]): Promise<{ stdout: string; stderr: string }>;
  env(home: string): NodeJS.ProcessEnv;
}

describe("each install route downloads the plugin from this project's release", () => {
  let work = "";
  let host: ReleaseHost | undefined;
  let wheels = "";
  let dist = "";

  beforeAll(async () => {
    if (!pulumi) return;
    work = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-iac-install-routes-"));
    const archives = await buildPluginArchives(REPO_ROOT, path.join(work, "archives"), version);
    host = await startReleaseHost(work, {
      repo: RELEASE_REPO,
      version,
      assets: { [ASSET]: archives[PLATFORMS.indexOf(hostPlatform())] },
    });
  }, 600_000);
  afterAll(async () => {
    await host?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  /** A program folder from an example's files, with a file backend; `extraEnv` for its language's tools. */
  function program(name: string, example: string, extraEnv: NodeJS.ProcessEnv = {}): Program {
    if (!pulumi || !host) throw new Error("runs only with a pulumi CLI");
    const cliBin = pulumi;
    const releaseEnv = host.env;
    const dir = path.join(work, name);
    fs.cpSync(path.join(REPO_ROOT, "examples", example), dir, {
      recursive: true,
      filter: (src) => path.basename(src) !== "README.md",
    });
    fs.mkdirSync(path.join(dir, "backend"));
    const env = (home: string): NodeJS.ProcessEnv => ({
      ...process.env,
      ...extraEnv,
      ...releaseEnv,
      PATH: cliPath(cliBin),
      PULUMI_HOME: path.join(work, "homes", name, home),
      PULUMI_BACKEND_URL: `file://${path.join(dir, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "test-only",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      // Offline: a package name is never looked up in the Pulumi Registry.
      PULUMI_DISABLE_REGISTRY_RESOLVE: "true",
    });
    const cli = async (home: string, ...args: string[]) => {
      try {
        return await runCommand(cliBin, [...args, "--non-interactive"], { cwd: dir, env: env(home) });
      } catch (err) {
        const e = err as Error & { stdout?: string; stderr?: string };
        e.message = `pulumi ${args.join(" ")} failed: ${e.message}\n${e.stdout ?? ""}\n${e.stderr ?? ""}`;
        throw e;
      }
    };
    return { dir, cli, env };
  }

  /** Runs one route in a fresh PULUMI_HOME: what the release host was asked, and the plugin is then installed. */
  async function route(p: Program, label: string, home: string, step: () => Promise<unknown>) {
    if (!host) throw new Error("no release host");
    host.take();
    await step();
    const asked = host.take();
    console.log(`${label}:\n  ${asked.join("\n  ") || "(no request)"}`);
    const listed = (await p.cli(home, "plugin", "ls")).stdout;
    expect(listed).toMatch(new RegExp(`${PACKAGE_NAME}\\s+resource\\s+${version.replace(/\./g, "\\.")}`));
    return asked;
  }

  /** A stack `dev` on an emulator, then the first `up`; the survey it created. */
  async function firstUp(p: Program, home: string): Promise<string[]> {
    const emulator = await startEmulator({ port: 0 });
    try {
      await p.cli(home, "stack", "init", "dev");
      await p.cli(
        home,
        "config",
        "set-all",
        ...["--plaintext", `${PACKAGE_NAME}:host=${emulator.url}`],
        ...["--plaintext", `${PACKAGE_NAME}:projectId=${emulator.projectId}`],
        ...["--plaintext", `${PACKAGE_NAME}:organizationId=${emulator.organizationId}`],
        ...["--secret", `${PACKAGE_NAME}:apiKey=${emulator.apiKey}`],
      );
      await p.cli(home, "up", "--yes", "--skip-preview");
      const res = await fetch(`${emulator.url}/api/projects/${emulator.projectId}/surveys/`, {
        headers: { authorization: `Bearer ${emulator.apiKey}` },
      });
      return z
        .object({ results: z.array(z.object({ name: z.string() })) })
        .parse(await res.json())
        .results.map((s) => s.name);
    } finally {
      await emulator.close();
    }
  }

  withCli(
    "YAML (examples/yaml-quickstart): pulumi install, plugin install, the --server line and the first up",
    async () => {
      const p = program("yaml", "yaml-quickstart");
      expect(await route(p, "YAML: pulumi install", "install", () => p.cli("install", "install"))).toEqual(
        DOWNLOAD,
      );
      // The YAML host reports the plugin with the declaration's version (not "unknown").
      const about = (await p.cli("install", "about")).stdout;
      expect(about).toMatch(new RegExp(`resource\\s+${PACKAGE_NAME}\\s+${version.replace(/\./g, "\\.")}`));
      expect(about).not.toMatch(new RegExp(`${PACKAGE_NAME}\\s+unknown`));

      expect(
        await route(p, "YAML: pulumi plugin install", "plugin-install", () =>
          p.cli("plugin-install", "plugin", "install"),
        ),
      ).toEqual(DOWNLOAD);
      expect(
        await route(
          p,
          `YAML: pulumi plugin install resource ${PACKAGE_NAME} ${version} --server`,
          "server",
          () => p.cli("server", "plugin", "install", "resource", PACKAGE_NAME, version, "--server", SERVER),
        ),
      ).toEqual(DOWNLOAD);
      let created: string[] = [];
      expect(
        await route(p, "YAML: the first pulumi up", "up", async () => {
          created = await firstUp(p, "up");
        }),
      ).toEqual(DOWNLOAD);
      expect(created).toEqual(["Quarterly NPS"]);
    },
    20 * 60_000,
  );

  withCli(
    "YAML without the package declaration: the CLI asks github.com/pulumi/pulumi-posthog-iac, which does not exist",
    async () => {
      // Why the quickstart carries sdks/posthog-iac/: a YAML program names only type tokens, so the CLI falls back
      // to github://api.github.com/pulumi/pulumi-<name> (sdk/go/common/workspace/plugins.go, fallbackSource).
      const p = program("yaml-bare", "yaml-quickstart");
      fs.rmSync(path.join(p.dir, "sdks"), { recursive: true });
      if (!host) throw new Error("no release host");
      host.take();
      await expect(p.cli("bare", "install")).rejects.toThrow(/404/);
      const asked = host.take();
      console.log(`YAML without the declaration: pulumi install:\n  ${asked.join("\n  ")}`);
      expect(asked).toEqual([`GET /repos/pulumi/pulumi-${PACKAGE_NAME}/releases/latest`]);
      // And `pulumi about` knows no version for it.
      const about = (await p.cli("bare", "about")).stdout;
      console.log(`YAML without the declaration: pulumi about:\n${about}`);
      expect(about).toMatch(new RegExp(`resource\\s+${PACKAGE_NAME}\\s+unknown`));
    },
    10 * 60_000,
  );

  withCli(
    "YAML: pulumi package add of the npm package's plugin folder asks no server, and declares this release",
    async () => {
      const p = program("yaml-package-add", "yaml-quickstart");
      // A user who never had the declaration: package add writes it (pulumi-yaml's GeneratePackage).
      fs.rmSync(path.join(p.dir, "sdks"), { recursive: true });
      const plugin = path.join(REPO_ROOT, "plugin");
      if (!host) throw new Error("no release host");
      host.take();
      await p.cli("package-add", "package", "add", plugin);
      expect(host.take()).toEqual([]);
      const declaration = path.join(p.dir, "sdks", PACKAGE_NAME, `${PACKAGE_NAME}-${version}.yaml`);
      expect(fs.readFileSync(declaration, "utf8")).toBe(
        fs.readFileSync(path.join(REPO_ROOT, "sdk", "yaml", `${PACKAGE_NAME}-${version}.yaml`), "utf8"),
      );
    },
    20 * 60_000,
  );

  withCli(
    "Python (pip install pulumi-posthog-iac): pulumi install, plugin install and the first up",
    async () => {
      wheels = await wheelFolder();
      dist = path.join(work, "dist");
      await buildPythonWheel(REPO_ROOT, dist, [wheels]);
      const p = program("python", "python-quickstart", {
        // pip, as the python host runs it for `pulumi install`, from the wheel folders only.
        PIP_NO_INDEX: "1",
        PIP_FIND_LINKS: [wheels, dist].join(" "),
      });
      // The quickstart's requirements.txt lists the SDK at this version (tools/release/install-routes.ts).
      expect(fs.readFileSync(path.join(p.dir, "requirements.txt"), "utf8")).toContain(
        `pulumi-posthog-iac==${version}`,
      );
      const venv = await createVenv(p.dir);
      await pipInstall(venv, [wheels, dist], ["-r", path.join(p.dir, "requirements.txt")]);

      expect(await route(p, "Python: pulumi install", "install", () => p.cli("install", "install"))).toEqual(
        DOWNLOAD,
      );
      expect(
        await route(p, "Python: pulumi plugin install", "plugin-install", () =>
          p.cli("plugin-install", "plugin", "install"),
        ),
      ).toEqual(DOWNLOAD);
      let created: string[] = [];
      expect(
        await route(p, "Python: the first pulumi up", "up", async () => {
          created = await firstUp(p, "up");
        }),
      ).toEqual(DOWNLOAD);
      expect(created).toEqual(["Quarterly NPS"]);
    },
    20 * 60_000,
  );

  withCli(
    "Java (pom.xml names io.github.pulumiposthog:posthog-iac): pulumi install asks the release the SDK names",
    async () => {
      // The SDK from the local Maven repository, as after `npm run local:try` (after a release, Maven Central).
      const sdk = installJavaSdk(REPO_ROOT);
      if ("error" in sdk) throw new Error(sdk.error);
      const p = program("java", "java-quickstart");
      // No plugin path in Pulumi.yaml: the host lists the plugin from the SDK's plugin.json on the classpath
      // (com.pulumi.bootstrap.internal.Main packages), which names this release.
      expect(fs.readFileSync(path.join(p.dir, "Pulumi.yaml"), "utf8")).not.toMatch(/^packages:/m);
      expect(await route(p, "Java: pulumi install", "install", () => p.cli("install", "install"))).toEqual(
        DOWNLOAD,
      );
    },
    20 * 60_000,
  );

  withCli(
    "Go (go get .../sdk): pulumi plugin install, and the first up asks the release before it compiles",
    async () => {
      // Offline modules: Pulumi's Go SDK from the module cache (the toolchain's build filled it), ours from sdk/.
      const p = program("go", "go-quickstart", { GOFLAGS: "-mod=mod", GOPROXY: "off", GOSUMDB: "off" });
      const sdkModule = "github.com/pulumi-posthog/pulumi-posthog/sdk";
      await runCommand(
        "go",
        [
          "mod",
          "edit",
          `-require=${sdkModule}@v${version}`,
          `-replace=${sdkModule}=${path.join(REPO_ROOT, "sdk")}`,
        ],
        {
          cwd: p.dir,
          env: p.env("go"),
        },
      );
      expect(
        await route(p, "Go: pulumi plugin install", "plugin-install", () =>
          p.cli("plugin-install", "plugin", "install"),
        ),
      ).toEqual(DOWNLOAD);

      // The first up downloads the plugin before the Go host builds the program; the build (minutes on a cold
      // cache) is not what this checks, so the run is stopped once the plugin is in place.
      if (!host || !pulumi) throw new Error("no release host");
      const releaseHost = host;
      releaseHost.take();
      const env = p.env("up");
      await runCommand(pulumi, ["stack", "init", "dev", "--non-interactive"], { cwd: p.dir, env });
      const up = spawnKillable(pulumi, p.dir, env, ["up", "--yes", "--skip-preview"]);
      const asked: string[] = [];
      try {
        await waitFor("the first up to download the plugin", async () => {
          asked.push(...releaseHost.take());
          const dir = path.join(env.PULUMI_HOME ?? "", "plugins", `resource-${PACKAGE_NAME}-v${version}`);
          return fs.existsSync(dir) && !fs.existsSync(`${dir}.partial`) ? true : undefined;
        });
      } finally {
        up.kill();
        await up.exited;
      }
      console.log(`Go: the first pulumi up:\n  ${asked.join("\n  ")}`);
      expect(asked).toEqual(DOWNLOAD);
    },
    20 * 60_000,
  );
});
