// A Java program on the posthog-iac plugin through the real Pulumi CLI, against the emulator: the Java quickstart
// (examples/java-quickstart, Maven) cloned into a fresh folder outside the repository and installed with the lines of
// its install route before a release (tools/release/install-routes.ts, the lines the README, the quickstart's README
// and `npm run local:try` print), run through `sh` as a user pastes them, with the local try's files: this
// checkout's plugin archive, and sdk/java installed into the local Maven repository as `npm run local:try` does it
// (tools/release/java-sdk.ts). Then preview, up, a clean preview, an edit and destroy, asserting what PostHog
// received at each step; then a key of another question type refused at preview with its message and nothing sent.
// The CLI runs with automatic plugin downloads off, so the plugin can only be the one the route installed, and
// Pulumi.yaml names no plugin path (issue 51). The language host that ran is read from `pulumi about` and asserted:
// the toolchain's stand-in (toolchain/hosts/java.go), or Pulumi's own when PULUMI_POSTHOG_LANGUAGE_HOSTS names a
// folder holding one (docs/contributing/java.md).
// Needs Java and Maven (Maven Central for the first resolution). Runs in `npm run test:cli`; elsewhere skipped.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getSchema } from "../../src/plugin/schema";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import { routeFor, type LocalTryPaths } from "../../tools/release/install-routes";
import { installJavaSdk } from "../../tools/release/java-sdk";
import {
  archiveName,
  buildPluginArchives,
  hostPlatform,
  PLATFORMS,
} from "../../tools/release/plugin-archive";
import { hostFolders, offlineCliEnv, requirePulumiCli } from "../support/pulumi-cli";
import { runToEnd } from "../support/run-command";
import { REPO_ROOT } from "../support/self-link";
import { emulatorStackConfig, startTestEmulator, type Emulator } from "./plugin/emulators";
import { programFolderAt, type ProgramFolder } from "./program-folder";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;
const QUICKSTART = path.join(REPO_ROOT, "examples", "java-quickstart");
const MAIN = path.join("src", "main", "java", "myproject", "App.java");
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

/** The language host the CLI ran for Java: `pulumi about`'s java plugin version (the stand-in says it is one). */
async function javaHostVersion(folder: ProgramFolder): Promise<string> {
  const about = JSON.parse((await folder.cli("about", "--json")).stdout) as {
    plugins?: { name: string; kind?: string; version?: string }[];
    language?: { name?: string };
  };
  const host = (about.plugins ?? []).find((p) => p.name === "java" && p.kind === "language");
  if (!host) throw new Error(`no java language plugin in pulumi about: ${JSON.stringify(about.plugins)}`);
  // pulumi-java's host reports the version of Pulumi's Go SDK it was linked with (version.Version of
  // sdk/go/common/version), which a build by hand leaves empty: `pulumi about` then says null.
  return host.version ?? "(no version)";
}

/** The pulumi-language-java the CLI finds first (toolchain/location.js, hostFolders), and the version it says. */
function expectedHost(cli: string): RegExp {
  for (const folder of hostFolders(cli)) {
    const host = path.join(folder, "pulumi-language-java");
    if (!fs.existsSync(host)) continue;
    return path.basename(fs.realpathSync(host)) === "pulumi-posthog-language-host"
      ? /\+pulumi-posthog\.stand-in$/
      : /^(?![\s\S]*stand-in)/;
  }
  throw new Error(`no pulumi-language-java in ${hostFolders(cli).join(", ")}`);
}

const writes = (requests: string[]) => requests.filter((r) => !r.startsWith("GET "));

describe("a Java program on the plugin through the real CLI", () => {
  let work = "";
  let paths: LocalTryPaths | undefined;
  let folder: ProgramFolder | undefined;
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    if (!pulumi) return;
    work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "java-quickstart-clone-")));
    // The local try's files, as `npm run local:try` makes them: the SDK into ~/.m2, this platform's plugin archive.
    const sdk = installJavaSdk(REPO_ROOT);
    if ("error" in sdk) throw new Error(sdk.error);
    const localTry = path.join(work, "local-try");
    fs.mkdirSync(localTry);
    const archives = await buildPluginArchives(REPO_ROOT, path.join(work, "archives"), version);
    const archive = path.join(localTry, archiveName(version, hostPlatform()));
    fs.copyFileSync(archives[PLATFORMS.indexOf(hostPlatform())], archive);
    paths = {
      folder: localTry,
      archive,
      goProxy: "",
      tarballs: { provider: "", sanitiser: "", cliOptions: "", emulator: "" },
    };
    // The clone: the quickstart's committed files (no build output) in a folder of its own, the CLI's home and
    // backend beside it.
    const dir = path.join(work, "java-clone");
    fs.cpSync(QUICKSTART, dir, { recursive: true, filter: (src) => path.basename(src) !== "target" });
    const env = offlineCliEnv(pulumi, path.join(work, "cli"));
    folder = programFolderAt(pulumi, dir, env, () => fs.rmSync(work, { recursive: true, force: true }));
    emulator = await startTestEmulator("phx_java_cli_key_0001");
  }, 600_000);
  afterAll(async () => {
    await emulator?.close();
    folder?.cleanup();
  });

  withCli(
    "a clone installs with its route's lines before a release, Pulumi.yaml untouched",
    async () => {
      const p = folder!;
      const cloned = fs.readFileSync(path.join(p.dir, "Pulumi.yaml"), "utf8");
      const lines = routeFor("java").localTry(version, paths!);
      const ran: Ran[] = [];
      for (const line of lines) ran.push(await sh(line, p.dir, p.env));
      console.log(
        `java clone, the route's lines:\n${ran.map((r) => `$ ${r.line}\n(exit ${r.code})\n${r.output}`).join("\n")}`,
      );
      expect(ran.map((r) => ({ line: r.line, code: r.code }))).toEqual(
        lines.map((line) => ({ line, code: 0 })),
      );
      expect(ran.map((r) => r.output).join("\n")).not.toContain("exited prematurely");
      expect(fs.readFileSync(path.join(p.dir, "Pulumi.yaml"), "utf8")).toBe(cloned);
      // The plugin the SDK names (its plugin.json), installed by the route at the SDK's version.
      const listed = (await p.cli("plugin", "ls")).stdout;
      expect(listed).toMatch(new RegExp(`${PACKAGE_NAME}\\s+resource\\s+${version.replace(/\./g, "\\.")}`));
    },
    1_200_000,
  );

  withCli(
    "the quickstart: preview, up, a clean preview, an edit, destroy",
    async () => {
      const p = folder!;
      const e = emulator!;
      await p.newStack("quickstart", emulatorStackConfig(PACKAGE_NAME, e));
      const host = await javaHostVersion(p);
      console.log(`java language host: ${host}`);
      expect(host).toMatch(expectedHost(p.pulumi));
      await e.take();
      const steps: Record<string, string[]> = {};
      const step = async (name: string, args: string[]): Promise<string> => {
        const started = Date.now();
        const { stdout } = await p.cli(...args);
        steps[name] = (await e.take()).sort();
        console.log(`${name} (${Math.round((Date.now() - started) / 100) / 10} s):\n${stdout}`);
        return stdout;
      };

      expect(await step("preview", ["preview"])).toContain("+ 3 to create");
      expect(writes(steps.preview ?? [])).toEqual([]);

      await step("up", ["up", "--yes", "--skip-preview"]);
      expect(writes(steps.up ?? [])).toEqual([
        expect.stringMatching(
          /^POST \/api\/organizations\/:org\/invites\/ 201 .*"level":8.*ada@example\.com/,
        ),
        expect.stringMatching(/^POST \/api\/projects\/\d+\/surveys\/ 201 .*"name":"Quarterly NPS"/),
        // The program launches it (status Running), as the README's program does.
        expect.stringMatching(/^POST \/api\/projects\/\d+\/surveys\/:id\/launch\/ 200/),
      ]);
      const outputs = JSON.parse((await p.cli("stack", "output", "--json")).stdout) as { surveyId: string };
      expect(outputs.surveyId).toMatch(/^[0-9a-f-]{36}$/);

      expect(await step("clean preview", ["preview", "--expect-no-changes"])).toMatch(/3 unchanged/);
      expect(writes(steps["clean preview"] ?? [])).toEqual([]);

      const main = path.join(p.dir, MAIN);
      fs.writeFileSync(
        main,
        fs.readFileSync(main, "utf8").replace('"Quarterly NPS"', '"Quarterly NPS, edited"'),
      );
      expect(await step("edited preview", ["preview"])).toContain("~ 1 to update");
      await step("edited up", ["up", "--yes", "--skip-preview"]);
      expect(writes(steps["edited up"] ?? [])).toEqual([
        expect.stringMatching(
          /^PATCH \/api\/projects\/\d+\/surveys\/:id\/ 200 .*"name":"Quarterly NPS, edited"/,
        ),
      ]);

      await step("destroy", ["destroy", "--yes", "--skip-preview"]);
      expect(writes(steps.destroy ?? []).map((r) => r.split(" ").slice(0, 3).join(" "))).toEqual([
        expect.stringMatching(/^DELETE \/api\/organizations\/:org\/invites\/:id\/ 204$/),
        expect.stringMatching(/^DELETE \/api\/projects\/\d+\/surveys\/:id\/ 204$/),
      ]);
      console.log(
        `Java quickstart, requests PostHog received:\n${Object.entries(steps)
          .map(([name, requests]) => `${name}: ${requests.join(" | ") || "(none)"}`)
          .join("\n")}`,
      );
      const surveys = await e.api<{ results: unknown[] }>("GET", `/api/projects/${e.projectId}/surveys/`);
      const invites = await e.api<{ results: unknown[] }>(
        "GET",
        `/api/organizations/${e.organizationId}/invites/`,
      );
      expect({ surveys: surveys.results, invites: invites.results }).toEqual({ surveys: [], invites: [] });
      expect(p.printed()).not.toContain(e.apiKey);
      await p.cli("stack", "rm", "--yes");
    },
    2_400_000,
  );

  withCli(
    "a key of another question type is refused at preview, naming it, and nothing is sent",
    async () => {
      const p = folder!;
      const e = emulator!;
      await p.newStack("typo", emulatorStackConfig(PACKAGE_NAME, e));
      const main = path.join(p.dir, MAIN);
      fs.writeFileSync(
        main,
        // Java's types hold each key's type; which keys go with which question type is the provider's Check.
        fs
          .readFileSync(main, "utf8")
          .replace('.question("What should we improve?")', '.question("What should we improve?").scale(5)'),
      );
      await e.take();
      const failed = await p.cli("preview").then(
        () => undefined,
        (err: Error & { stdout?: string }) => err.stdout ?? "",
      );
      console.log(`mistake preview:\n${failed}`);
      expect(failed).toBeDefined();
      // The plugin's Check names the question and the values it takes, and the fix in Java's words (builders and
      // the SDK's enum constant, as the program writes them); the engine sends nothing for the survey.
      expect(failed).toContain(
        `error: ${PACKAGE_NAME}:index:Survey resource 'nps' has a problem: questions[1].scale: scale is for ` +
          '"rating" questions; this question is "open". Remove .scale(5), or set .type(SurveyQuestionType.Rating).',
      );
      expect(writes(await e.take())).toEqual([]);
    },
    600_000,
  );
});
