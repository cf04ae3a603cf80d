// The Java SDK's Gradle coordinates, as the installation guide's table and sdk/java's README give them (issue 56,
// item 6). Everywhere: both name the coordinates sdk/java/pom.xml declares. Where Gradle runs (`gradle -v`): a Gradle
// build with the README's `implementation` line resolves the SDK from the local Maven repository, where
// `npm run local:try` puts it (tools/release/java-sdk.ts), as a Gradle user's build would from Maven Central after a
// release. This machine has no Gradle, so there jest reports that test skipped.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { installJavaSdk, javaSdkCoordinates } from "../../tools/release/java-sdk";
import { runToEnd } from "../support/run-command";
import { REPO_ROOT } from "../support/self-link";

const gradle = spawnSync("gradle", ["-v"], { stdio: "ignore" }).status === 0;
const withGradle = gradle ? it : it.skip;

const { coordinates } = javaSdkCoordinates(REPO_ROOT);
const [group, artifact, version] = coordinates.split(":");

/** The `implementation "<coordinates>"` lines of a markdown file. */
function gradleLines(file: string): string[] {
  const text = fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
  return [...text.matchAll(/implementation "([^"]+)"/g)].map((m) => m[1]);
}

describe("the Java SDK's Gradle coordinates", () => {
  it("are the pom's in the installation guide's table and in sdk/java's README", () => {
    expect(gradleLines("docs/installation-configuration.md")).toEqual([`${group}:${artifact}:<version>`]);
    expect(gradleLines("sdk/java/README.md")).toEqual([coordinates]);
  });

  withGradle(
    "resolve in a Gradle build from the local Maven repository",
    async () => {
      const sdk = installJavaSdk(REPO_ROOT);
      if ("error" in sdk) throw new Error(sdk.error);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "java-gradle-"));
      try {
        fs.writeFileSync(path.join(dir, "settings.gradle"), 'rootProject.name = "gradle-try"\n');
        fs.writeFileSync(
          path.join(dir, "build.gradle"),
          [
            "plugins { id 'java' }",
            "repositories { mavenLocal(); mavenCentral() }",
            // The README's line as a Gradle user copies it.
            `dependencies { implementation "${gradleLines("sdk/java/README.md")[0]}" }`,
            "",
          ].join("\n"),
        );
        const ran = await runToEnd("gradle", ["-q", "dependencies", "--configuration", "runtimeClasspath"], {
          cwd: dir,
          env: process.env,
        });
        const output = `${ran.stdout}${ran.stderr}`;
        expect({ code: ran.code, failed: /FAILED/.test(output) }).toEqual({ code: 0, failed: false });
        expect(output).toContain(`${group}:${artifact}:${version}`);
        expect(output).toContain("com.pulumi:pulumi:");
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    10 * 60 * 1000,
  );
});
