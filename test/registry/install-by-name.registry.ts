// The release as a user meets it: the release workflow's own npm publish steps (read from release.yml, run as
// written but for --provenance, which needs GitHub's OIDC token) publish to a local registry that serves our
// package names only from what was published to it; then pulumi-posthog and posthog-emulator are installed by
// name into fresh projects with npm, pnpm and yarn, and a program runs from each. With the Pulumi CLI present,
// `pulumi up` and `pulumi destroy` run a program from the npm project (reported skipped without it).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { z } from "zod";
import { cleanEnv, exec } from "../compat/exec";
import { prepareToolchain, type Toolchain } from "../compat/toolchain";
import { cliPath, requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";
import { publishedNpmPackages } from "../../tools/release/versions";
import { OUR_SCOPE, REGISTRY_CACHE, startLocalRegistry, type LocalRegistry } from "./local-registry";
import { publishSteps, RELEASE_WORKFLOW, type PublishStep } from "./release-steps";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const ours = publishedNpmPackages(REPO_ROOT);
const SDK = "@pulumi/pulumi@~3.248.0";

let registry: LocalRegistry;
let work: string;
let tools: Toolchain;
const published: { step: PublishStep; names: string[] }[] = [];

/** The .npmrc setup-node writes for `registry-url`, with the local registry in its place. */
function setupNodeNpmrc(dir: string): string {
  const file = path.join(dir, ".npmrc-release");
  const host = registry.url.replace(/^https?:/, "");
  fs.writeFileSync(file, `${host}:_authToken=\${NODE_AUTH_TOKEN}\nregistry=${registry.url}\n`);
  return file;
}

/** A step's `env` with the workflow's secrets replaced: the npm token is the local registry's. */
function stepEnv(step: PublishStep): Record<string, string> {
  return Object.fromEntries(
    Object.entries(step.env).map(([key, value]) => [
      key,
      value.replace(/\$\{\{\s*secrets\.NPM_TOKEN\s*\}\}/, registry.token),
    ]),
  );
}

beforeAll(
  async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-registry-"));
    registry = await startLocalRegistry(ours.map((p) => p.name));
    tools = await prepareToolchain();
    const npmrc = setupNodeNpmrc(work);
    for (const step of publishSteps(REPO_ROOT)) {
      const args = step.args.filter((arg) => arg !== "--provenance");
      const env = cleanEnv({
        ...stepEnv(step),
        npm_config_userconfig: npmrc,
        // Belt and braces: whatever the user's own npm config says, nothing leaves for the real registry.
        npm_config_registry: registry.url,
      });
      const ran = await exec(npm, args, { cwd: REPO_ROOT, env });
      if (!ran.ok)
        throw new Error(`${RELEASE_WORKFLOW} job ${step.job}: \`${step.run}\` failed:\n${ran.stderr}`);
      const names = [...`${ran.stdout}\n${ran.stderr}`.matchAll(/^\+ (\S+)$/gm)].map((m) => m[1]);
      published.push({ step, names });
      console.log(
        `${step.job}: ${step.run}\n  (run as: npm ${args.join(" ")})\n  published: ${names.join(", ")}`,
      );
    }
  },
  15 * 60 * 1000,
);

afterAll(async () => {
  await registry?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe("the release's npm publish steps, against a local registry", () => {
  it("publish every workspace package and the provider at the release's version", async () => {
    expect(published.length).toBeGreaterThan(0);
    expect(published.flatMap((p) => p.names).sort()).toEqual(
      ours.map((p) => `${p.name}@${p.version}`).sort(),
    );
    for (const { name, version } of ours) {
      expect({ name, served: await registry.packument(name) }).toEqual({
        name,
        served: { versions: [version], latest: version },
      });
    }
  });

  it("cover every package of ours that one of ours depends on at run time", () => {
    const workspaces = new Set(ours.map((p) => p.name));
    const names = new Set(published.flatMap((p) => p.names).map((n) => n.slice(0, n.lastIndexOf("@"))));
    for (const { file } of ours) {
      const manifest = z
        .object({ dependencies: z.record(z.string(), z.string()).optional() })
        .parse(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, file), "utf8")));
      // Our scope is never proxied (local-registry.ts): a dependency in it must be published by the release.
      const internal = Object.keys(manifest.dependencies ?? {}).filter(
        (dependency) => dependency.startsWith(`${OUR_SCOPE}/`) || workspaces.has(dependency),
      );
      for (const dependency of internal) {
        expect({ file, dependency, published: names.has(dependency) }).toEqual({
          file,
          dependency,
          published: true,
        });
      }
    }
  });
});

/** The program each fresh project runs: both packages loaded by name, a survey created in the emulator. */
const PROGRAM = `
const { startPostHogEmulator } = require("pulumi-posthog/testing");
const survey = require("pulumi-posthog/dist/resources/survey/provider");
(async () => {
  const emulator = await startPostHogEmulator();
  const news = { name: "Installed by name", type: "popover", questions: [{ type: "open", question: "<b>Hi</b><script>x</script>?" }] };
  const checked = await survey.check({}, news);
  if (checked.failures && checked.failures.length) throw new Error(JSON.stringify(checked.failures));
  const created = await survey.create(checked.inputs);
  const requests = (await emulator.requests()).map((r) => r.method + " " + r.path + " " + r.status);
  console.log(JSON.stringify({ id: created.id, question: created.outs.questions[0].question, requests }));
  await emulator.close();
})().catch((error) => { console.error(error); process.exit(1); });
`;

type Manager = "npm" | "pnpm" | "yarn";

function installArgs(manager: Manager, dir: string): string[] {
  const names = ["pulumi-posthog", "posthog-emulator", SDK];
  if (manager === "npm") return ["install", "--no-audit", "--no-fund", ...names];
  if (manager === "pnpm") return ["add", ...names, "--store-dir", path.join(REGISTRY_CACHE, "pnpm-store")];
  // yarn classic: a cache of this run's own, so no earlier build of the same name and version is reused.
  return ["add", ...names, "--non-interactive", "--cache-folder", path.join(dir, ".yarn-cache")];
}

const projects: Partial<Record<Manager, string>> = {};

describe.each<Manager>(["npm", "pnpm", "yarn"])("installed by name with %s", (manager) => {
  it(
    "installs pulumi-posthog and posthog-emulator from the registry, and a program runs from there",
    async () => {
      const dir = path.join(work, `by-name-${manager}`);
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "user", private: true }));
      // The project's own .npmrc names the registry (npm, pnpm and yarn classic all read it).
      fs.writeFileSync(path.join(dir, ".npmrc"), `registry=${registry.url}\n`);
      const [command, ...lead] = tools.packageManager(manager);
      const env = cleanEnv({
        npm_config_registry: registry.url,
        npm_config_userconfig: path.join(dir, ".npmrc"),
      });
      const installed = await exec(
        command,
        [...lead, ...installArgs(manager, dir), "--registry", registry.url],
        {
          cwd: dir,
          env,
        },
      );
      if (!installed.ok)
        throw new Error(`${manager} install failed:\n${installed.stdout}\n${installed.stderr}`);

      // pnpm links only the named packages at the top: resolve the rest from the packages that depend on them.
      const from = [
        dir,
        ...["pulumi-posthog", "posthog-emulator"].map((n) =>
          fs.realpathSync(path.join(dir, "node_modules", n)),
        ),
      ];
      const version = (name: string) =>
        z
          .object({ version: z.string() })
          .parse(
            JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`, { paths: from }), "utf8")),
          ).version;
      const resolved = Object.fromEntries(ours.map((p) => [p.name, version(p.name)]));
      console.log(
        `${manager} ${installArgs(manager, dir).join(" ")} --registry ${registry.url}\n` +
          `  resolved: ${Object.entries(resolved)
            .map(([n, v]) => `${n}@${v}`)
            .join(", ")}`,
      );
      expect(resolved).toEqual(Object.fromEntries(ours.map((p) => [p.name, p.version])));

      fs.writeFileSync(path.join(dir, "program.js"), PROGRAM);
      const ran = await exec(process.execPath, ["program.js"], { cwd: dir, env: cleanEnv() });
      if (!ran.ok) throw new Error(`the program failed under ${manager}:\n${ran.stderr}`);
      const result = z
        .object({ id: z.string(), question: z.string(), requests: z.array(z.string()) })
        .parse(JSON.parse(ran.stdout.trim().split("\n").pop() ?? ""));
      console.log(`${manager}: node program.js -> ${JSON.stringify(result)}`);
      expect(result.question).toBe("<b>Hi</b>?");
      expect(result.requests.filter((r) => r.startsWith("POST"))).toEqual([
        expect.stringMatching(/^POST \/api\/projects\/\d+\/surveys\/ 201$/),
      ]);

      for (const bin of ["pulumi-posthog", "posthog-emulator"]) {
        const printed = await exec(path.join(dir, "node_modules", ".bin", bin), ["--version"], {
          cwd: dir,
          env: cleanEnv(),
        });
        expect({ bin, ok: printed.ok, stdout: printed.stdout.trim() }).toEqual({
          bin,
          ok: true,
          stdout: expect.stringContaining(ours[ours.length - 1].version),
        });
      }
      projects[manager] = dir;
    },
    10 * 60 * 1000,
  );
});

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

describe("the npm project through the real Pulumi CLI", () => {
  withCli(
    "pulumi up creates a survey from the installed package, and destroy removes it",
    async () => {
      const dir = projects.npm;
      if (!pulumi || !dir) throw new Error("the npm project was not installed (see the test above)");
      const emulator = await startEmulatorFrom(dir);
      try {
        fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: by-name\nruntime: nodejs\nmain: index.js\n");
        fs.writeFileSync(
          path.join(dir, "index.js"),
          'const posthog = require("pulumi-posthog");\n' +
            'const s = new posthog.Survey("nps", { name: "By name through the CLI", type: "popover",' +
            ' questions: [{ type: "open", question: "How?" }] });\nexports.surveyId = s.surveyId;\n',
        );
        const backend = path.join(dir, "backend");
        fs.mkdirSync(backend, { recursive: true });
        const env = {
          ...cleanEnv(),
          PATH: cliPath(pulumi),
          PULUMI_HOME: path.join(dir, ".pulumi-home"),
          PULUMI_BACKEND_URL: `file://${backend}`,
          PULUMI_CONFIG_PASSPHRASE: "test-only",
          PULUMI_SKIP_UPDATE_CHECK: "true",
          PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        };
        const cli = (...args: string[]) =>
          promisify(execFile)(pulumi, [...args, "--non-interactive"], { cwd: dir, env, maxBuffer: 1 << 26 });
        await cli("stack", "init", "dev");
        for (const [key, value] of Object.entries({
          "posthog:host": emulator.url,
          "posthog:projectId": String(emulator.projectId),
          "posthog:organizationId": emulator.organizationId,
        }))
          await cli("config", "set", key, value);
        await cli("config", "set", "--secret", "posthog:apiKey", emulator.apiKey);
        const up = await cli("up", "--yes", "--skip-preview");
        console.log(`pulumi up (npm project, installed by name):\n${up.stdout}`);
        expect(await emulator.surveyNames()).toEqual(["By name through the CLI"]);
        await cli("destroy", "--yes", "--skip-preview");
        expect(await emulator.surveyNames()).toEqual([]);
      } finally {
        emulator.stop();
      }
    },
    10 * 60 * 1000,
  );
});

/** The installed emulator's bin, started as a user would (`npx posthog-emulator --json`). */
async function startEmulatorFrom(dir: string) {
  const { spawn } = await import("node:child_process");
  const child = spawn(path.join(dir, "node_modules", ".bin", "posthog-emulator"), ["--json"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const banner = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("\n")) resolve(out.split("\n")[0]);
    });
    child.once("exit", (code) => reject(new Error(`posthog-emulator exited (${code})`)));
  });
  const info = z
    .object({ url: z.string(), apiKey: z.string(), organizationId: z.string(), projectId: z.number() })
    .parse(JSON.parse(banner));
  return {
    ...info,
    surveyNames: async () => {
      const res = await fetch(`${info.url}/api/projects/${info.projectId}/surveys/`, {
        headers: { authorization: `Bearer ${info.apiKey}` },
      });
      return z
        .object({ results: z.array(z.object({ name: z.string() })) })
        .parse(await res.json())
        .results.map((s) => s.name);
    },
    stop: () => child.kill("SIGTERM"),
  };
}
