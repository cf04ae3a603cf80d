// Each plugin quickstart as a teammate's clone (issue 51): the folder's committed files copied into a fresh folder
// outside the repository, then the lines of its install route before a release (tools/release/install-routes.ts,
// the lines the README, the quickstart's README and `npm run local:try` print) run as a user runs them, through
// `sh`, with the local try's files: this checkout's plugin archive, the Python wheel, the Go SDK as a module proxy.
// Then `pulumi stack init`, the emulator's config and `pulumi preview`. It asserts what a user notices: every line
// succeeds without "exited prematurely", Pulumi.yaml is left as cloned (no `packages:` path), the preview plans the
// survey and the invite and PostHog receives no write. The CLI runs with automatic plugin downloads off, so the
// plugin can only be the one the route installed.
// Then the testing guide's files for the language (docs/guides/testing-your-program.md, "Python, Go and YAML
// programs"), written into the clone and run as the guide says: Python's set_mocks and Automation API tests, Go's
// WithMocks test, YAML's preview script; the emulator they start is the built one (POSTHOG_EMULATOR), and the test
// environment fails the file if any process they start is left running (test/setup/left-processes.ts).
// Runs in `npm run test:cli`; elsewhere jest reports it skipped.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getSchema } from "../../src/plugin/schema";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import { buildGoProxy } from "../../tools/release/go-proxy";
import { routeFor, type LocalTryPaths } from "../../tools/release/install-routes";
import {
  archiveName,
  buildPluginArchives,
  hostPlatform,
  PLATFORMS,
} from "../../tools/release/plugin-archive";
import { buildPythonWheel } from "../../tools/release/python-wheel";
import { offlineCliEnv, requirePulumiCli } from "../support/pulumi-cli";
import { runToEnd } from "../support/run-command";
import { REPO_ROOT } from "../support/self-link";
import { emulatorStackConfig, startTestEmulator } from "./plugin/emulators";
import { wheelFolder } from "./plugin/python-env";

const pulumi = requirePulumiCli();

const GUIDE = path.join(REPO_ROOT, "docs/guides/testing-your-program.md");

/** The guide's files for the plugin languages: the fenced blocks whose first line is a comment naming the file. */
function guideFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const text = fs.readFileSync(GUIDE, "utf8");
  for (const [, file, body] of text.matchAll(
    /```(?:python|go|sh)\n(?:#|\/\/) ([\w.-]+\.(?:py|go|sh))\n([\s\S]*?)```/g,
  ))
    files[file] = body;
  return files;
}

/** Each language's guide files, and the command that runs them in the program's folder. */
const GUIDE_RUNS = {
  python: {
    files: ["test_mocks.py", "test_automation.py"],
    command: "venv/bin/python -m unittest test_mocks test_automation",
  },
  go: { files: ["main_test.go"], command: "go test ./..." },
  yaml: { files: ["preview-test.sh"], command: "sh preview-test.sh" },
} as const;

/** The emulator the guide's files start: the built one, as `npx posthog-emulator` would run it. */
const EMULATOR_COMMAND = `${process.execPath} ${path.join(REPO_ROOT, "packages/posthog-emulator/dist/cli/emulator.js")}`;
const withCli = pulumi ? it : it.skip;
const version = getSchema().version ?? "";

interface Ran {
  line: string;
  code: number;
  output: string;
}

/** One line of the route through `sh -c`, as a user pastes it; its exit code and all it printed (a line past the
 * time limit fails the test: test/support/run-command.ts). */
async function sh(line: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  const ran = await runToEnd("sh", ["-c", line], { cwd, env });
  return { line, code: ran.code ?? 1, output: ran.stdout + ran.stderr };
}

let work = "";
let paths: LocalTryPaths | undefined;

beforeAll(async () => {
  if (!pulumi) return;
  work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "quickstart-clones-")));
  // The local try's folder, as `npm run local:try` fills it: the archive, the wheel (and, offline, the wheels of
  // Pulumi's Python SDK beside it, which pip would otherwise take from PyPI), the Go proxy.
  const folder = path.join(work, "local-try");
  fs.mkdirSync(folder);
  const archives = await buildPluginArchives(REPO_ROOT, path.join(work, "archives"), version);
  const archive = path.join(folder, archiveName(version, hostPlatform()));
  fs.copyFileSync(archives[PLATFORMS.indexOf(hostPlatform())], archive);
  const wheels = await wheelFolder();
  for (const file of fs.readdirSync(wheels))
    if (/\.(whl|tar\.gz|zip)$/.test(file)) fs.copyFileSync(path.join(wheels, file), path.join(folder, file));
  await buildPythonWheel(REPO_ROOT, folder, [wheels]);
  const goProxy = buildGoProxy(REPO_ROOT, path.join(folder, "go-proxy"), version);
  paths = {
    folder,
    archive,
    goProxy,
    tarballs: { provider: "", sanitiser: "", cliOptions: "", emulator: "" },
  };
}, 600_000);
afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe.each(["python", "go", "yaml"] as const)("a clone of examples/%s-quickstart", (language) => {
  withCli(
    "installs with its documented lines and previews, Pulumi.yaml untouched",
    async () => {
      if (!pulumi || !paths) throw new Error("runs only with a pulumi CLI");
      const dir = path.join(work, `${language}-clone`);
      fs.cpSync(path.join(REPO_ROOT, "examples", `${language}-quickstart`), dir, { recursive: true });
      const cloned = fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8");
      const home = path.join(work, `${language}-home`);
      fs.mkdirSync(home);
      const env: NodeJS.ProcessEnv = {
        ...offlineCliEnv(pulumi, home),
        PULUMI_DISABLE_REGISTRY_RESOLVE: "true",
        // Offline pip: only the local try's folder, which the route's own PIP_FIND_LINKS names.
        PIP_NO_INDEX: "1",
      };

      const lines = routeFor(language).localTry(version, paths);
      const ran: Ran[] = [];
      for (const line of lines) ran.push(await sh(line, dir, env));
      console.log(
        `${language} clone, the route's lines:\n${ran.map((r) => `$ ${r.line}\n(exit ${r.code})\n${r.output}`).join("\n")}`,
      );
      expect(ran.map((r) => ({ line: r.line, code: r.code }))).toEqual(
        lines.map((line) => ({ line, code: 0 })),
      );
      expect(ran.map((r) => r.output).join("\n")).not.toContain("exited prematurely");
      expect(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8")).toBe(cloned);

      const emulator = await startTestEmulator("phx_quickstart_clone_key_0001");
      try {
        const cli = (...args: string[]) => sh(["pulumi", ...args, "--non-interactive"].join(" "), dir, env);
        expect(await cli("stack", "init", "dev")).toMatchObject({ code: 0 });
        const config = Object.entries(emulatorStackConfig(PACKAGE_NAME, emulator)).flatMap(([key, value]) =>
          typeof value === "string"
            ? ["--plaintext", `${key}=${value}`]
            : ["--secret", `${key}=${value.secret}`],
        );
        expect(await cli("config", "set-all", ...config)).toMatchObject({ code: 0 });
        await emulator.take();
        const preview = await cli("preview");
        console.log(`${language} clone, pulumi preview:\n${preview.output}`);
        expect(preview.code).toBe(0);
        expect(preview.output).toContain("+ 3 to create");
        expect(preview.output).not.toContain("exited prematurely");
        expect((await emulator.take()).filter((r) => !r.startsWith("GET "))).toEqual([]);
      } finally {
        await emulator.close();
      }

      // The testing guide's files for this language, run in the clone as the guide says.
      const guide = guideFiles();
      const { files, command } = GUIDE_RUNS[language];
      for (const file of files) {
        expect(Object.keys(guide)).toContain(file);
        fs.writeFileSync(path.join(dir, file), guide[file]);
      }
      const tested = await sh(command, dir, { ...env, POSTHOG_EMULATOR: EMULATOR_COMMAND });
      console.log(`${language} clone, the testing guide's ${files.join(", ")}: ${command}\n${tested.output}`);
      expect(tested.code).toBe(0);
      if (language === "python") expect(tested.output).toMatch(/Ran 2 tests[\s\S]*\nOK/);
      if (language === "go") expect(tested.output).toMatch(/^ok\s/m);
      if (language === "yaml") expect(tested.output).toContain("+ 3 to create");
    },
    30 * 60_000,
  );
});
