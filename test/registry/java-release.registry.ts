// The Java release as a Maven user meets it: the release workflow's Maven build line (job maven-central, read from
// release.yml and run as written, in a copy of its working-directory) signs with a throwaway GPG key made here, where
// the release signs with the key from its secrets; the folder it writes (a Maven repository, the bundle the release
// uploads to the Central Portal) must hold what Maven Central requires. Then the Java quickstart is compiled, as
// `pulumi install` does (the Java host's `mvn compile`), with that folder as its only source of our artifacts: a
// local Maven repository copied from the user's with nothing of io.github.pulumiposthog in it.
// Reported skipped where `mvn -v` or `gpg --version` does not run.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { getSchema } from "../../src/plugin/schema";
import { REPO_ROOT } from "../support/self-link";
import { mavenSteps, RELEASE_WORKFLOW, type MavenStep } from "./release-steps";

function runs(command: string, args: string[], env?: NodeJS.ProcessEnv): boolean {
  try {
    execFileSync(command, args, { stdio: "ignore", env: env ?? process.env });
    return true;
  } catch {
    return false;
  }
}

const maven = runs("mvn", ["-v"]);
const gpg = runs("gpg", ["--version"]);
if (!maven) console.log("skipped: `mvn -v` does not run — the Java release steps did not run");
if (!gpg) console.log("skipped: `gpg --version` does not run — the Java release steps did not run");
const withMaven = maven && gpg ? it : it.skip;

const GROUP_PATH = path.join("io", "github", "pulumiposthog");
const ARTIFACT = "posthog-iac";
const version = getSchema().version ?? "";
const TIMEOUT = 20 * 60_000;

let work = "";
let gnupg = "";
let step: MavenStep | undefined;
/** The release build's Maven repository folder, and the version's folder inside it. */
let staging = "";
let published = "";

async function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, {
      ...options,
      maxBuffer: 1 << 26,
    });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: (e.stdout ?? "") + (e.stderr ?? "") };
  }
}

/** The step's env with the workflow's secrets replaced: the throwaway key has no passphrase. */
function stepEnv(maven: MavenStep): Record<string, string> {
  return Object.fromEntries(
    Object.entries(maven.env).map(([key, value]) => [
      key,
      value.replace(/\$\{\{\s*secrets\.MAVEN_GPG_PASSPHRASE\s*\}\}/, ""),
    ]),
  );
}

const copyWithoutBuildOutput = (from: string, to: string): void =>
  fs.cpSync(from, to, {
    recursive: true,
    filter: (src) => !src.split(path.sep).includes("target"),
  });

beforeAll(async () => {
  if (!maven || !gpg) return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-java-release-"));
  // gpg-agent's socket lives in GNUPGHOME: a short path keeps it under the socket path limit.
  gnupg = path.join(work, "g");
  fs.mkdirSync(gnupg, { mode: 0o700 });
  execFileSync(
    "gpg",
    [
      "--batch",
      "--passphrase",
      "",
      "--quick-gen-key",
      "pulumi-posthog release test <release-test@invalid>",
    ].concat(["ed25519", "sign", "never"]),
    { env: { ...process.env, GNUPGHOME: gnupg }, stdio: "ignore" },
  );
  const steps = mavenSteps(REPO_ROOT);
  if (steps.length !== 1)
    throw new Error(`${RELEASE_WORKFLOW}: expected one mvn line, found ${steps.length}`);
  step = steps[0];
  if (!step) return;
  const sdk = path.join(work, "sdk");
  copyWithoutBuildOutput(path.join(REPO_ROOT, step.cwd), sdk);
  const built = await run("mvn", step.args, {
    cwd: sdk,
    env: { ...process.env, ...stepEnv(step), GNUPGHOME: gnupg },
  });
  if (built.code !== 0) throw new Error(`${step.run} failed:\n${built.output.slice(-4000)}`);
  staging = path.join(sdk, "target", "staging-deploy");
  published = path.join(staging, GROUP_PATH, ARTIFACT, version);
}, TIMEOUT);

afterAll(() => {
  if (!work) return;
  execFileSync("gpgconf", ["--kill", "gpg-agent"], {
    env: { ...process.env, GNUPGHOME: gnupg },
    stdio: "ignore",
  });
  fs.rmSync(work, { recursive: true, force: true });
});

describe("the release's Java steps", () => {
  withMaven("publish the jar, the sources and javadoc jars and the pom, each signed, with checksums", () => {
    const files = fs.readdirSync(published).sort();
    const base = `${ARTIFACT}-${version}`;
    const artifacts = [`${base}-javadoc.jar`, `${base}-sources.jar`, `${base}.jar`, `${base}.pom`];
    expect(files.filter((f) => !/\.(md5|sha1)$/.test(f))).toEqual(
      artifacts.flatMap((f) => [f, `${f}.asc`]).sort(),
    );
    for (const file of artifacts) {
      expect({ file, md5: files.includes(`${file}.md5`), sha1: files.includes(`${file}.sha1`) }).toEqual({
        file,
        md5: true,
        sha1: true,
      });
    }
    const verified = artifacts.map((file) => ({
      file,
      signature: runs(
        "gpg",
        ["--batch", "--verify", path.join(published, `${file}.asc`), path.join(published, file)],
        { ...process.env, GNUPGHOME: gnupg },
      )
        ? "good"
        : "bad",
    }));
    expect(verified).toEqual(artifacts.map((file) => ({ file, signature: "good" })));
  });

  withMaven("publish a pom with what Maven Central requires, describing the Java SDK", () => {
    const pom = fs.readFileSync(path.join(published, `${ARTIFACT}-${version}.pom`), "utf8");
    const tag = (name: string, text = pom): string | undefined =>
      text.match(new RegExp(`<${name}>([^<]+)</${name}>`))?.[1];
    const block = (name: string): string => pom.match(new RegExp(`<${name}>[\\s\\S]*?</${name}>`))?.[0] ?? "";
    expect({
      name: tag("name"),
      description: tag("description"),
      url: tag("url"),
      license: [tag("name", block("license")), tag("url", block("license"))],
      developer: tag("name", block("developer")),
      scm: [
        tag("connection", block("scm")),
        tag("developerConnection", block("scm")),
        tag("url", block("scm")),
      ],
    }).toEqual({
      name: "posthog-iac Java SDK",
      description: expect.stringMatching(/^Pulumi Java SDK for PostHog/),
      url: "https://github.com/pulumi-posthog/pulumi-posthog#readme",
      license: ["Apache License, Version 2.0", "https://www.apache.org/licenses/LICENSE-2.0.txt"],
      developer: "The pulumi-posthog maintainers",
      scm: [
        "scm:git:https://github.com/pulumi-posthog/pulumi-posthog.git",
        "scm:git:ssh://git@github.com/pulumi-posthog/pulumi-posthog.git",
        "https://github.com/pulumi-posthog/pulumi-posthog",
      ],
    });
  });

  withMaven(
    "give the Java quickstart its SDK, from a Maven repository holding nothing else of ours",
    async () => {
      // The user's local repository (Pulumi's Java SDK, Maven's plugins) without our group: what a fresh machine
      // that has built a Java program before holds. Whatever is missing comes from Maven Central.
      const userRepo = path.join(os.homedir(), ".m2", "repository");
      const localRepo = path.join(work, "m2");
      const ours = path.join(userRepo, GROUP_PATH);
      if (fs.existsSync(userRepo))
        fs.cpSync(userRepo, localRepo, { recursive: true, filter: (src) => !src.startsWith(ours) });
      fs.mkdirSync(localRepo, { recursive: true });
      const settings = path.join(work, "settings.xml");
      fs.writeFileSync(
        settings,
        `<settings>
  <localRepository>${localRepo}</localRepository>
  <profiles><profile>
    <id>release-staging</id>
    <activation><activeByDefault>true</activeByDefault></activation>
    <repositories><repository>
      <id>release-staging</id>
      <url>file://${staging}</url>
      <snapshots><enabled>false</enabled></snapshots>
    </repository></repositories>
  </profile></profiles>
</settings>
`,
      );
      const quickstart = path.join(work, "java-quickstart");
      copyWithoutBuildOutput(path.join(REPO_ROOT, "examples", "java-quickstart"), quickstart);
      const compiled = await run("mvn", ["-B", "-ntp", "-s", settings, "compile"], { cwd: quickstart });
      expect({
        code: compiled.code,
        error: compiled.output.split("\n").find((l) => l.includes("[ERROR]")),
      }).toEqual({
        code: 0,
        error: undefined,
      });
      expect(fs.existsSync(path.join(quickstart, "target", "classes", "myproject", "App.class"))).toBe(true);
      // Ours in the local repository now: only this version, the very jar the release built, from the staging folder.
      const installed = path.join(localRepo, GROUP_PATH);
      expect(fs.readdirSync(installed)).toEqual([ARTIFACT]);
      expect(
        fs.readdirSync(path.join(installed, ARTIFACT)).filter((f) => !f.startsWith("maven-metadata")),
      ).toEqual([version]);
      const jar = `${ARTIFACT}-${version}.jar`;
      const versionDir = path.join(installed, ARTIFACT, version);
      expect(
        fs.readFileSync(path.join(versionDir, jar)).equals(fs.readFileSync(path.join(published, jar))),
      ).toBe(true);
      expect(fs.readFileSync(path.join(versionDir, "_remote.repositories"), "utf8")).toContain(
        `${jar}>release-staging=`,
      );

      // What pulumi-java's host runs to learn the plugins (pulumi/pulumi-java pkg/internal/executors/
      // executor_maven.go, newMavenExecutor, PluginArgs) and hands whole to json.Unmarshal: stdout must be the JSON
      // alone. Debian's Maven 3.8.7 appends an ANSI reset to it unless the quickstart's .mvn/jvm.config sets
      // jansi.noreset; the list names the plugin and its download server, from the published jar's plugin.json.
      const plugins = await promisify(execFile)(
        "mvn",
        [
          "-s",
          settings,
          "-Dorg.slf4j.simpleLogger.logFile=System.err",
          "--no-transfer-progress",
          "compile",
        ].concat(["exec:java", "-DmainClass=com.pulumi.bootstrap.internal.Main", "-DmainArgs=packages"]),
        { cwd: quickstart, maxBuffer: 1 << 26 },
      );
      expect(JSON.parse(plugins.stdout)).toEqual([
        expect.objectContaining({
          resource: true,
          name: "posthog-iac",
          version,
          server: getSchema().pluginDownloadURL,
        }),
      ]);
    },
    TIMEOUT,
  );
});
