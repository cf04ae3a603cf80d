// docs/guides/testing-your-program.md's Java files, run as a Java user runs them: the guide's ```java blocks that
// start with `// src/<path>.java` and its two ```xml pom.xml additions are written into a clone of
// examples/java-quickstart outside the repository, installed with the local try's files (sdk/java into the local
// Maven repository as `npm run local:try` does it, tools/release/java-sdk.ts; this platform's plugin archive through
// the route's `pulumi plugin install` line). Then one `mvn test` there, with the `pulumi` CLI on PATH and
// POSTHOG_EMULATOR naming the built emulator: the JUnit mocks test and the Automation API test against the emulator
// pass, as Surefire counts them. The test environment fails the file if a process they start is left running
// (test/setup/left-processes.ts).
// Needs the CLI, Java and Maven (Maven Central for the first resolution). Runs in `npm run test:cli`; elsewhere
// jest reports it skipped.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getSchema } from "../../src/plugin/schema";
import { pluginInstallLine } from "../../tools/release/install-routes";
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

const pulumi = requirePulumiCli();
const maven = spawnSync("mvn", ["-v"], { stdio: "ignore" }).status === 0;
const withCliAndMaven = pulumi && maven ? it : it.skip;

const GUIDE = path.join(REPO_ROOT, "docs/guides/testing-your-program.md");
const QUICKSTART = path.join(REPO_ROOT, "examples/java-quickstart");
const version = getSchema().version ?? "";
/** The emulator the guide's test starts: the built one, as `npx posthog-emulator` would run it. */
const EMULATOR_COMMAND = `${process.execPath} ${path.join(REPO_ROOT, "packages/posthog-emulator/dist/cli/emulator.js")}`;

/** The guide's Java files: path -> source, from the ```java blocks whose first line names src/<path>.java. */
function guideJavaFiles(markdown: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [, file, body] of markdown.matchAll(/```java\n\/\/ (src\/[\w/.-]+\.java)\n([\s\S]*?)```/g))
    files[file] = body;
  return files;
}

/** The guide's pom.xml additions: the element they go in (`dependencies`, `plugins`) -> the XML. */
function guidePomAdditions(markdown: string): Record<string, string> {
  const additions: Record<string, string> = {};
  for (const [, element, body] of markdown.matchAll(
    /```xml\n<!-- pom\.xml, in (?:<build>)?<(\w+)> -->\n([\s\S]*?)```/g,
  ))
    additions[element] = body;
  return additions;
}

/** The pom with each addition placed at the end of its element, as a user pastes it. */
function pomWith(pom: string, additions: Record<string, string>): string {
  let out = pom;
  for (const [element, body] of Object.entries(additions)) {
    const close = `</${element}>`;
    if (out.split(close).length !== 2) throw new Error(`the quickstart's pom.xml has not one ${close}`);
    out = out.replace(close, `${body}${close}`);
  }
  return out;
}

it("the guide holds its Java program, its two tests and the pom's two additions", () => {
  const markdown = fs.readFileSync(GUIDE, "utf8");
  expect(Object.keys(guideJavaFiles(markdown)).sort()).toEqual([
    "src/main/java/myproject/App.java",
    "src/test/java/myproject/AppAutomationTest.java",
    "src/test/java/myproject/AppMocksTest.java",
  ]);
  expect(Object.keys(guidePomAdditions(markdown)).sort()).toEqual(["dependencies", "plugins"]);
});

describe("the testing guide's Java tests, in a clone of the Java quickstart", () => {
  let work = "";
  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  withCliAndMaven(
    "mvn test passes the JUnit mocks test and the Automation API test against the emulator",
    async () => {
      work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "testing-guide-java-")));
      const sdk = installJavaSdk(REPO_ROOT);
      if ("error" in sdk) throw new Error(sdk.error);
      const archives = await buildPluginArchives(REPO_ROOT, path.join(work, "archives"), version);
      const archive = archives[PLATFORMS.indexOf(hostPlatform())];
      expect(path.basename(archive)).toBe(archiveName(version, hostPlatform()));

      const dir = path.join(work, "java-clone");
      fs.cpSync(QUICKSTART, dir, { recursive: true, filter: (src) => path.basename(src) !== "target" });
      const markdown = fs.readFileSync(GUIDE, "utf8");
      for (const [file, body] of Object.entries(guideJavaFiles(markdown))) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), body);
      }
      const pom = path.join(dir, "pom.xml");
      fs.writeFileSync(pom, pomWith(fs.readFileSync(pom, "utf8"), guidePomAdditions(markdown)));

      const env = offlineCliEnv(pulumi!, path.join(work, "cli"));
      const [cmd, ...args] = pluginInstallLine(version, archive).split(" ");
      const installed = await runToEnd(cmd, args, { cwd: dir, env });
      expect({ code: installed.code, output: installed.stdout + installed.stderr }).toEqual({
        code: 0,
        output: `[resource plugin posthog-iac-${version}] installing\n`,
      });

      // One Maven run for both tests. The quickstart's .mvn/maven.config holds -q, as a user's clone has it, so a
      // passing run prints nothing: Surefire's counts are read from its reports, as the guide says.
      const started = Date.now();
      const tested = await runToEnd("mvn", ["-B", "test"], {
        cwd: dir,
        env: { ...env, POSTHOG_EMULATOR: EMULATOR_COMMAND },
      });
      const output = tested.stdout + tested.stderr;
      const reports = path.join(dir, "target", "surefire-reports");
      const counts = ["myproject.AppMocksTest", "myproject.AppAutomationTest"].map((testClass) => {
        const file = path.join(reports, `TEST-${testClass}.xml`);
        const suite = fs.existsSync(file)
          ? (fs.readFileSync(file, "utf8").match(/<testsuite [^>]*>/)?.[0] ?? "")
          : "";
        const attr = (name: string) => Number(suite.match(new RegExp(` ${name}="(\\d+)"`))?.[1] ?? NaN);
        return {
          testClass,
          tests: attr("tests"),
          failures: attr("failures"),
          errors: attr("errors"),
          skipped: attr("skipped"),
        };
      });
      console.log(
        `mvn -B test (${Math.round((Date.now() - started) / 1000)} s), exit ${tested.code}:\n${JSON.stringify(counts)}`,
      );
      if (tested.code !== 0) console.log(output.replace(/^\[INFO\] Download.*\n/gm, ""));
      expect(tested.code).toBe(0);
      // Each class ran its one test, none failed: what Surefire reports.
      expect(counts).toEqual([
        { testClass: "myproject.AppMocksTest", tests: 1, failures: 0, errors: 0, skipped: 0 },
        { testClass: "myproject.AppAutomationTest", tests: 1, failures: 0, errors: 0, skipped: 0 },
      ]);
      // Quiet: a passing run prints no error.
      expect(output).not.toMatch(/\[ERROR\]|BUILD FAILURE/);
    },
    1_200_000,
  );
});
