// A Java program on the posthog-iac plugin through the real Pulumi CLI, against the emulator: the Java quickstart
// (examples/java-quickstart, Maven) on sdk/java installed into the local Maven repository as `npm run local:try`
// does it, run through preview, up, a clean preview, an edit and destroy, asserting what PostHog received at each
// step; then a key of another question type refused at preview with its message and nothing sent. The language host that ran is read from
// `pulumi about` and asserted: the toolchain's stand-in (toolchain/hosts/java.go), or Pulumi's own when
// PULUMI_POSTHOG_LANGUAGE_HOSTS names a folder holding one (docs/contributing/java.md).
// Needs Java and Maven (Maven Central for the first resolution). Runs in `npm run test:cli`; elsewhere skipped.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import { hostFolders, requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";
import { emulatorStackConfig, startTestEmulator, type Emulator } from "./plugin/emulators";
import { openProgramFolder, type ProgramFolder } from "./program-folder";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;
const QUICKSTART = path.join(REPO_ROOT, "examples", "java-quickstart");
const MAIN = path.join("src", "main", "java", "myproject", "App.java");

async function run(cmd: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(cmd, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as Error & { stdout?: string; stderr?: string };
    e.message = `${cmd} ${args.join(" ")} failed: ${e.message}\n${e.stdout ?? ""}\n${e.stderr ?? ""}`;
    throw e;
  }
}

/** sdk/java into the local Maven repository (~/.m2), from a copy so no build output lands in the repository. */
async function installJavaSdk(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-iac-java-sdk-"));
  try {
    fs.cpSync(path.join(REPO_ROOT, "sdk", "java"), dir, { recursive: true });
    await run("mvn", ["-B", "-q", "install", "-DskipTests"], dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
  let folder: ProgramFolder | undefined;
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    if (!pulumi) return;
    await installJavaSdk();
    folder = openProgramFolder(pulumi);
    for (const entry of ["Pulumi.yaml", "pom.xml", "src"])
      fs.cpSync(path.join(QUICKSTART, entry), path.join(folder.dir, entry), { recursive: true });
    emulator = await startTestEmulator("phx_java_cli_key_0001");
  }, 600_000);
  afterAll(async () => {
    await emulator?.close();
    folder?.cleanup();
  });

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
      // The plugin's Check names the question and the values it takes; the engine sends nothing for the survey.
      expect(failed).toContain(
        `error: ${PACKAGE_NAME}:index:Survey resource 'nps' has a problem: questions[1].scale: scale is for ` +
          '"rating" questions; this question is "open". Remove scale, or set type: "rating".',
      );
      expect(writes(await e.take())).toEqual([]);
    },
    600_000,
  );
});
