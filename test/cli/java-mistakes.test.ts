// Issue 56's goal for Java: a mistake's own message is the first error a Java user reads, in at most 20 lines of
// `pulumi up` (TypeScript prints 12 to 15 for the same mistakes). The Java quickstart (examples/java-quickstart,
// with its .mvn folder: maven.config's -q -B, jvm.config and logging.properties) cloned into a fresh folder and
// installed by its local-try route lines (the SDK into the local Maven repository, this checkout's plugin archive),
// then each mistake made in turn on one stack with the key and host check on, as a user's stack has it: a program
// edit (a wrong enum constant, a question without its text) or a config value (a revoked key, a project that does
// not exist, a host ending in /api). Not counted, each said where it is defined: the CLI's host-from-PATH warning
// and its progress lines (neither is on a user's terminal), and the SDK's monitor-shut-down error (timing decides
// whether it comes; it must come after the mistake's message). A compile error has its own limit (Maven's block).
// Each run's output is printed with its line count for the issue's note.
// Needs Java and Maven (Maven Central for the first resolution). Runs in `npm run test:cli`; elsewhere skipped.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getSchema } from "../../src/plugin/schema";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import { routeFor } from "../../tools/release/install-routes";
import { installJavaSdk } from "../../tools/release/java-sdk";
import {
  archiveName,
  buildPluginArchives,
  hostPlatform,
  PLATFORMS,
} from "../../tools/release/plugin-archive";
import { offlineCliEnv, requirePulumiCli } from "../support/pulumi-cli";
import { runToEnd } from "../support/run-command";
import { REPO_ROOT } from "../support/self-link";
import { emulatorStackConfig, startTestEmulator, type Emulator } from "./plugin/emulators";
import { programFolderAt, type ConfigValue, type ProgramFolder } from "./program-folder";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;
const QUICKSTART = path.join(REPO_ROOT, "examples", "java-quickstart");
const MAIN = path.join("src", "main", "java", "myproject", "App.java");
const version = getSchema().version ?? "";
const REVOKED = "phx_revokedKeyPostHogDoesNotKnow0123456";
const MAX_LINES = 20;

interface Mistake {
  what: string;
  /** The program's text with the mistake made in it (undefined: the program as the quickstart has it). */
  edit?: (program: string) => string;
  /** Config values set for this run only (the stack's own values are put back after). */
  config?: (e: Emulator) => Record<string, ConfigValue>;
  /** What the first error line holds: the mistake's own message, in the words of whoever found it. */
  says: (e: Emulator) => string;
  /** The most lines `pulumi up` may print (MAX_LINES unless the mistake's comment says why not). */
  atMost: number;
}

const replaced = (from: string, to: string) => (program: string) => {
  expect(program).toContain(from);
  return program.replace(from, to);
};

const MISTAKES: Mistake[] = [
  {
    what: "a wrong enum constant, .level(Level.Superadmin)",
    edit: replaced(".level(Level.Admin)", ".level(Level.Superadmin)"),
    // javac's, through Maven: the file, line and column, then what is missing. Not 20 lines: a compile error is
    // Maven's output, which the host passes on as the program's and the CLI shows twice (as it comes, and in the
    // Diagnostics summary): javac's 4 lines and Maven's 10-line summary with its [Help 1] block, which Maven logs
    // at ERROR (so -q keeps it) and which no setting removes without also hiding the only message a failed
    // dependency resolution has.
    says: () => `${MAIN}:[40,29] cannot find symbol`,
    atMost: 45,
  },
  {
    what: "a question without its text",
    edit: replaced('.question("What should we improve?")', ""),
    // The SDK's builder (sdk/generate-java.mjs, wordMissingInputs): the setter, and the program's line.
    says: () =>
      "error: SurveyQuestionArgs needs .question(...): it is required, and SurveyQuestionArgs.builder() reached " +
      ".build() without it (App.java:33).",
    atMost: MAX_LINES,
  },
  {
    what: "a revoked API key",
    config: () => ({ [`${PACKAGE_NAME}:apiKey`]: { secret: REVOKED } }),
    // Under the survey or the invite, whichever the engine checks first.
    says: () =>
      "could not check the PostHog key and host before planning. PostHog API GET /api/users/@me/ failed with 401 " +
      "authentication_failed: Personal API key found in request Authorization header is invalid.",
    atMost: MAX_LINES,
  },
  {
    what: "a project that does not exist",
    config: () => ({ [`${PACKAGE_NAME}:projectId`]: "999999" }),
    says: () =>
      "error: Survey: could not check project 999999 before planning. PostHog API GET /api/projects/999999/surveys/ " +
      "failed with 404 not_found: Project not found. Project 999999 does not exist or the key cannot see it",
    atMost: MAX_LINES,
  },
  {
    what: "a host ending in /api",
    config: (e) => ({ [`${PACKAGE_NAME}:host`]: `${e.url}/api` }),
    says: (e) =>
      `has a problem: ${PACKAGE_NAME}:host is PostHog's address without the API path, such as ` +
      `https://us.posthog.com: the provider adds /api/… to each request itself, so "${e.url}/api" would be asked ` +
      `for ${e.url}/api/api/…. Set it to ${e.url}.`,
    atMost: MAX_LINES,
  },
];

/** The lines a run printed (stdout, then stderr), without the blank lines that end it. */
const linesOf = (printed: string) => printed.trimEnd().split("\n");

/**
 * The CLI's warning that the language host came from PATH (getPluginPath in Pulumi's
 * sdk/go/common/workspace/plugins.go): the tests put the toolchain's host folder on PATH (toolchain/location.js,
 * hostFolders), where a user's CLI runs the host installed beside it. Not counted; the counts say so.
 */
const HOST_FROM_PATH = "warning: using pulumi-language-java from $PATH";

/**
 * The second error Pulumi's Java SDK sends when the engine stops the run while one of the program's registrations
 * is still waiting: the gRPC UNAVAILABLE ("resource monitor shut down") that registration then fails with, reported
 * as an unhandled exception with the JVM's command line and the stack trace (pulumi/pulumi-java
 * sdk/java/pulumi/src/main/java/com/pulumi/deployment/internal/DeploymentImpl.java, the Runner's
 * handleExceptionAsync). Whether a registration is waiting is timing: 13 lines in one run, none in another, for
 * the same mistake. Neither the generated SDK nor the program can catch it; these lines are counted apart, and the
 * provider's message must come before them.
 */
const monitorShutDown = (lines: string[]): Set<number> => {
  const trace = new Set<number>();
  if (
    !lines.some((line) => line.includes("StatusRuntimeException: UNAVAILABLE: resource monitor shut down"))
  ) {
    return trace;
  }
  lines.forEach((line, i) => {
    const inTrace =
      /error: Running program \[PID: \d+\]/.test(line) ||
      line.includes("StatusRuntimeException: UNAVAILABLE: resource monitor shut down") ||
      (/^\s+at /.test(line) && trace.has(i - 1));
    if (inTrace) trace.add(i);
  });
  return trace;
};

/**
 * The CLI's progress lines in a run without a terminal (`@ previewing update....`), printed while nothing else happens
 * (here, while Maven starts): how many is timing, and a user at a terminal sees a spinner in their place. Not counted.
 */
const HEARTBEAT = /^@ (previewing update|updating)/;

/**
 * The first line a user reads as an error: the CLI's `error:` (after the resource's name in the live display) or
 * Maven's `[ERROR]`, from there to the line's end. Passed over: Maven's `COMPILATION ERROR :` header, which only
 * says javac's lines follow, and the host's `'<mvn …>' exited with non-zero exit code: N`, which only says the
 * build or the program stopped, and which the CLI shows before or after Maven's lines as timing has it.
 */
const firstError = (lines: string[]) => {
  for (const line of lines) {
    const at = line.search(/(^|\s)(error:|\[ERROR\])/);
    if (at < 0 || line.includes("[ERROR] COMPILATION ERROR :")) continue;
    if (/exited with non-zero exit code: \d+$/.test(line)) continue;
    return line.slice(at).trim();
  }
  return "(none)";
};

describe("a Java mistake's message is the first error, in at most 20 lines", () => {
  let work = "";
  let folder: ProgramFolder | undefined;
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    if (!pulumi) return;
    work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "java-mistakes-")));
    const sdk = installJavaSdk(REPO_ROOT);
    if ("error" in sdk) throw new Error(sdk.error);
    const archives = await buildPluginArchives(REPO_ROOT, path.join(work, "archives"), version);
    const archive = path.join(work, archiveName(version, hostPlatform()));
    fs.copyFileSync(archives[PLATFORMS.indexOf(hostPlatform())], archive);
    const dir = path.join(work, "java-clone");
    fs.cpSync(QUICKSTART, dir, { recursive: true, filter: (src) => path.basename(src) !== "target" });
    const env = offlineCliEnv(pulumi, path.join(work, "cli"));
    folder = programFolderAt(pulumi, dir, env, () => fs.rmSync(work, { recursive: true, force: true }));
    const paths = {
      folder: work,
      archive,
      goProxy: "",
      tarballs: { provider: "", sanitiser: "", cliOptions: "", emulator: "" },
    };
    for (const line of routeFor("java").localTry(version, paths)) {
      const ran = await runToEnd("sh", ["-c", line], { cwd: dir, env });
      if (ran.code !== 0) throw new Error(`${line} (exit ${ran.code}):\n${ran.stdout}${ran.stderr}`);
    }
    emulator = await startTestEmulator("phx_java_mistakes_key_0001");
  }, 1_200_000);
  afterAll(async () => {
    await emulator?.close();
    folder?.cleanup();
  });

  withCli(
    "five mistakes: each one's message is the first error, and `pulumi up` prints at most 20 lines",
    async () => {
      const p = folder!;
      const e = emulator!;
      // The key and host check a user's stack runs by default (src/config.ts, checkKeyAndHost), so a bad key, a
      // project that does not exist or a wrong host fails at preview, as it does for a user.
      const stackConfig: Record<string, ConfigValue> = {
        ...emulatorStackConfig(PACKAGE_NAME, e),
        [`${PACKAGE_NAME}:checkKeyAndHost`]: "true",
      };
      await p.newStack("mistakes", stackConfig);
      const main = path.join(p.dir, MAIN);
      const program = fs.readFileSync(main, "utf8");
      const seen: {
        what: string;
        lines: number;
        trace: number;
        first: string;
        says: string;
        atMost: number;
      }[] = [];
      for (const mistake of MISTAKES) {
        fs.writeFileSync(main, mistake.edit ? mistake.edit(program) : program);
        const config = mistake.config?.(e) ?? {};
        if (Object.keys(config).length > 0) await p.setConfig(config);
        const printed = await p.cli("up", "--yes").then(
          (ran) => `${ran.stdout}${ran.stderr}`,
          (err: Error & { stdout?: string; stderr?: string }) => `${err.stdout ?? ""}${err.stderr ?? ""}`,
        );
        if (Object.keys(config).length > 0) {
          await p.setConfig(Object.fromEntries(Object.keys(config).map((k) => [k, stackConfig[k] ?? ""])));
        }
        const lines = linesOf(printed).filter(
          (line) => !line.includes(HOST_FROM_PATH) && !HEARTBEAT.test(line),
        );
        const trace = monitorShutDown(lines);
        console.log(
          `Java, ${mistake.what}: pulumi up, ${lines.length} lines (${trace.size} of them the SDK's ` +
            `monitor-shut-down error; ${linesOf(printed).length} with the CLI's host-from-PATH warning and ` +
            `progress lines):\n${printed}`,
        );
        seen.push({
          what: mistake.what,
          lines: lines.length,
          trace: trace.size,
          first: firstError(lines),
          says: mistake.says(e),
          atMost: mistake.atMost,
        });
      }
      fs.writeFileSync(main, program);
      console.log(
        `Java mistakes (lines of pulumi up, of which the SDK's monitor-shut-down error; first error):\n${seen
          .map((m) => `${m.what}: ${m.lines} (${m.trace}); ${m.first}`)
          .join("\n")}`,
      );
      const held = seen.map(({ what, lines, trace, first, says, atMost }) => ({
        what,
        lines: lines - trace <= atMost ? "within its limit" : `${lines - trace} > ${atMost}`,
        first: first.includes(says) ? "its message" : first,
      }));
      expect(held).toEqual(
        seen.map(({ what }) => ({ what, lines: "within its limit", first: "its message" })),
      );
      expect(p.printed()).not.toContain(e.apiKey);
      // The troubleshooting guide's Java entry names the line to read, as the SDK words it.
      const guide = fs.readFileSync(path.join(REPO_ROOT, "docs", "troubleshooting.md"), "utf8");
      expect(guide).toContain(MISTAKES[1]?.says(e).replace(/^error: /, ""));
      // Nothing was created: every mistake stopped the run at preview, before a survey or an invite was sent.
      const surveys = await e.api<{ results: unknown[] }>("GET", `/api/projects/${e.projectId}/surveys/`);
      const invites = await e.api<{ results: unknown[] }>(
        "GET",
        `/api/organizations/${e.organizationId}/invites/`,
      );
      expect({ surveys: surveys.results, invites: invites.results }).toEqual({ surveys: [], invites: [] });
    },
    1_800_000,
  );
});
