// The reference pages' Java examples (examples/reference/<page>/java, written by `npm run docs:reference` from
// tools/docs-reference/examples.ts) compile against the generated SDK in sdk/java: one Maven reactor in a temporary
// folder, a copy of sdk/java and each example's folder as its modules, so each example's own generated pom.xml
// builds it against the SDK the reactor just compiled (nothing is installed into ~/.m2, nothing written into the
// checkout). Offline (-o) when the local Maven repository holds com.pulumi:pulumi at the pinned release; otherwise
// Maven resolves it from Maven Central. test/unit/reference-docs.test.ts holds the committed examples to what the
// generator writes, so this compiles what the generator writes.
// Needs Java and Maven: it runs in the slow stage (jest.config.js, LONG_RUNS), and is reported skipped where
// `mvn -v` does not run.
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { readPins } from "../../toolchain/location";
import { currentExamples } from "../../tools/docs-reference/generate";
import { JAVA_MAIN } from "../../tools/docs-reference/examples";
import { REPO_ROOT } from "../support/self-link";

const maven = spawnSync("mvn", ["-v"], { stdio: "ignore" }).status === 0;
const withMaven = maven ? it : it.skip;

/** Whether ~/.m2 holds com.pulumi:pulumi at the pinned release (then Maven can run offline). */
function pulumiJavaCached(): boolean {
  const release = readPins().pulumiJava.replace(/^v/, "");
  const jar = path.join(os.homedir(), ".m2/repository/com/pulumi/pulumi", release, `pulumi-${release}.jar`);
  return fs.existsSync(jar);
}

describe("the reference pages' Java examples", () => {
  let work = "";
  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  withMaven(
    "each compiles with Maven against sdk/java",
    async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), "reference-java-"));
      fs.cpSync(path.join(REPO_ROOT, "sdk", "java"), path.join(work, "sdk"), {
        recursive: true,
        filter: (src) => path.basename(src) !== "target",
      });
      const pages = new Set<string>();
      for (const [file, text] of currentExamples()) {
        const [page, language, ...rest] = file.split("/");
        if (language !== "java") continue;
        pages.add(page);
        const to = path.join(work, page, ...rest);
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.writeFileSync(to, text);
      }
      expect(pages.size).toBeGreaterThan(0);
      const modules = ["sdk", ...[...pages].sort()];
      fs.writeFileSync(
        path.join(work, "pom.xml"),
        [
          '<project xmlns="http://maven.apache.org/POM/4.0.0">',
          "  <modelVersion>4.0.0</modelVersion>",
          "  <groupId>reference-check</groupId>",
          "  <artifactId>reference-java</artifactId>",
          "  <version>1</version>",
          "  <packaging>pom</packaging>",
          `  <modules>${modules.map((m) => `<module>${m}</module>`).join("")}</modules>`,
          "</project>",
          "",
        ].join("\n"),
      );

      const args = ["-B", "-q", ...(pulumiJavaCached() ? ["-o"] : []), "compile"];
      const compiled = await promisify(execFile)("mvn", args, { cwd: work, maxBuffer: 1 << 26 }).then(
        () => "compiled",
        (err: { stdout?: string; stderr?: string }) =>
          // Maven's errors name the example's file and line (`[ERROR] …/survey/src/main/java/myproject/App.java:[12,17]`).
          `mvn ${args.join(" ")} failed:\n${(err.stdout ?? "")
            .split("\n")
            .filter((l) => l.includes("ERROR"))
            .join("\n")}\n${err.stderr ?? ""}`,
      );
      expect(compiled).toBe("compiled");
      const main = JAVA_MAIN.replace(/^src\/main\/java\//, "").replace(/\.java$/, ".class");
      const classes = [...pages].filter((page) =>
        fs.existsSync(path.join(work, page, "target/classes", main)),
      );
      console.log(`compiled with mvn ${args.join(" ")}: ${classes.sort().join(", ")}`);
      expect(classes.sort()).toEqual([...pages].sort());
    },
    20 * 60_000,
  );
});
