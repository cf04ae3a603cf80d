// Regenerates sdk/java from the posthog-iac plugin's schema with pulumi-java's generator, `pulumi-java-gen`, named
// by PULUMI_JAVA_GEN: `PULUMI_JAVA_GEN=/path/to/pulumi-java-gen npm run sdk:gen:java`. `npm run sdk:gen:java --
// --finish` rewrites only what this file adds beside the generator's sources (below), without the generator. The generator is not in the
// toolchain: the Go module proxy refuses pulumi-java, so it is built by hand outside the repository
// (docs/contributing/java.md says from what and how). CI cannot run this; test/unit/sdk-java.test.ts fails when the
// schema changed and sdk/java was not regenerated.
//
// Beside the generated sources (and the Gradle files the schema asks for) this writes what pulumi-java's Gradle build
// would add at build time, and a Maven build: this machine has no Gradle, and Maven is what the SDK is built with:
// - pom.xml: io.github.pulumiposthog:posthog-iac at the package's version, on com.pulumi:pulumi at
//   toolchain/pins.json's pulumiJava, the one place that release is written, with Maven Central's metadata and the
//   release profile (sources, javadoc, signatures); README.md, with the Maven and Gradle coordinates;
// - the plugin's download server in each resource's default options (addPluginDownloadURL);
// - src/main/resources/com/pulumi/posthog-iac/version.txt, which the generated Utilities reads (pulumi-java's
//   pkg/codegen/java/templates.go, javaUtilitiesTemplate: "<com.pulumi>.<package>" as a path), and plugin.json
//   beside it, which the Java SDK's bootstrap lists for the language host (pulumi/pulumi-java
//   sdk/java/pulumi/src/main/java/com/pulumi/bootstrap/internal/PulumiPlugins.java, PLUGIN_PATTERN
//   `^(?<package>com/(?<namespace>.+)/(?<name>.+))/plugin.json$`; v0.11.0's was `com/pulumi/(?<name>.+)`): the
//   plugin's name, version and server, so the engine finds and installs the plugin for a Java program;
// - schema.sha256: the hash of the schema it was generated from, which the test compares.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { readPins } = require("../toolchain/location.js");
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const out = path.join(root, "sdk", "java");

/** The hash test/unit/sdk-java.test.ts recomputes: the schema as JSON.stringify writes it. */
export const schemaHash = (schema) => createHash("sha256").update(JSON.stringify(schema)).digest("hex");

/** What Maven Central shows for the SDK: this artifact's own words, not the npm package's. */
const JAVA_NAME = "posthog-iac Java SDK";
const JAVA_DESCRIPTION =
  "Pulumi Java SDK for PostHog: surveys, organization invites and their data functions as typed resources " +
  "(package io.github.pulumiposthog.posthogiac), run by the posthog-iac provider plugin.";

/** https://github.com/<owner>/<repo> from package.json's repository.url (git+https://github.com/<owner>/<repo>.git). */
function githubRepository(repositoryUrl) {
  const match = repositoryUrl.match(/github\.com[/:]([^/]+)\/([^/]+?)(?:\.git)?$/);
  if (!match) throw new Error(`package.json repository.url ${repositoryUrl} is not a GitHub repository`);
  return { owner: match[1], repo: match[2], url: `https://github.com/${match[1]}/${match[2]}` };
}

/** SPDX ids Maven Central shows by name and URL. */
const LICENSES = {
  "Apache-2.0": { name: "Apache License, Version 2.0", url: "https://www.apache.org/licenses/LICENSE-2.0.txt" },
};

// Maven Central's requirements (central.sonatype.org, "Requirements"): name, description, url, licenses,
// developers and scm in the pom; a sources jar and a javadoc jar beside the jar; a .asc signature of every file.
// The jars and signatures are the `release` profile's (`mvn -P release deploy`, .github/workflows/release.yml), so
// `npm run local:try`'s `mvn install` stays one compile. The profile deploys to a folder laid out as a Maven
// repository (target/staging-deploy), which the release zips and uploads to the Central Portal and
// test/registry/java-release.registry.ts installs the quickstart from.
function pom({ version, homepage, license, repositoryUrl, pulumiJava }) {
  const github = githubRepository(repositoryUrl);
  const licence = LICENSES[license];
  if (!licence) throw new Error(`no Maven license entry for ${license}: add it to LICENSES in sdk/generate-java.mjs`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by sdk/generate-java.mjs (npm run sdk:gen:java); do not edit by hand. -->
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 http://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>

  <groupId>io.github.pulumiposthog</groupId>
  <artifactId>posthog-iac</artifactId>
  <version>${version}</version>
  <packaging>jar</packaging>
  <name>${JAVA_NAME}</name>
  <description>${JAVA_DESCRIPTION}</description>
  <url>${homepage}</url>
  <licenses>
    <license>
      <name>${licence.name}</name>
      <url>${licence.url}</url>
      <distribution>repo</distribution>
    </license>
  </licenses>
  <developers>
    <developer>
      <id>${github.owner}</id>
      <name>The ${github.repo} maintainers</name>
      <organization>${github.owner}</organization>
      <organizationUrl>https://github.com/${github.owner}</organizationUrl>
    </developer>
  </developers>
  <scm>
    <connection>scm:git:${github.url}.git</connection>
    <developerConnection>scm:git:ssh://git@github.com/${github.owner}/${github.repo}.git</developerConnection>
    <url>${github.url}</url>
    <tag>v${version}</tag>
  </scm>
  <issueManagement>
    <system>GitHub</system>
    <url>${github.url}/issues</url>
  </issueManagement>

  <properties>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <maven.compiler.release>11</maven.compiler.release>
  </properties>

  <dependencies>
    <dependency>
      <groupId>com.pulumi</groupId>
      <artifactId>pulumi</artifactId>
      <version>${pulumiJava}</version>
    </dependency>
    <!-- What the generated code compiles against beside the runtime, which has both only at runtime scope: Gson's
         JsonElement and jsr305's @Nullable (pulumi-java pkg/codegen/java/package_info.go, WithDefaultDependencies).
         At the versions com.pulumi:pulumi itself declares, so neither moves under it. -->
    <dependency>
      <groupId>com.google.code.gson</groupId>
      <artifactId>gson</artifactId>
      <version>2.10</version>
    </dependency>
    <dependency>
      <groupId>com.google.code.findbugs</groupId>
      <artifactId>jsr305</artifactId>
      <version>3.0.2</version>
    </dependency>
  </dependencies>

  <build>
    <plugins>
      <!-- Maven 3.8.7's default compiler plugin (3.1) knows no release option and targets Java 5. -->
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.13.0</version>
      </plugin>
    </plugins>
  </build>

  <profiles>
    <!-- The release (.github/workflows/release.yml, job maven-central): \`mvn -B -ntp -P release deploy\` writes the
         jar, the sources and javadoc jars and the pom, each with its .asc signature and checksums, into
         target/staging-deploy as a Maven repository. gpg signs with the key in its keyring (GNUPGHOME), its
         passphrase read from MAVEN_GPG_PASSPHRASE. -->
    <profile>
      <id>release</id>
      <distributionManagement>
        <repository>
          <id>staging-deploy</id>
          <url>file:\${project.build.directory}/staging-deploy</url>
        </repository>
      </distributionManagement>
      <build>
        <plugins>
          <plugin>
            <groupId>org.apache.maven.plugins</groupId>
            <artifactId>maven-source-plugin</artifactId>
            <version>3.3.1</version>
            <executions>
              <execution>
                <id>attach-sources</id>
                <goals><goal>jar-no-fork</goal></goals>
              </execution>
            </executions>
          </plugin>
          <plugin>
            <groupId>org.apache.maven.plugins</groupId>
            <artifactId>maven-javadoc-plugin</artifactId>
            <version>3.11.2</version>
            <configuration>
              <!-- The generated comments are PostHog's field descriptions, not checked HTML. -->
              <doclint>none</doclint>
              <quiet>true</quiet>
            </configuration>
            <executions>
              <execution>
                <id>attach-javadocs</id>
                <goals><goal>jar</goal></goals>
              </execution>
            </executions>
          </plugin>
          <plugin>
            <groupId>org.apache.maven.plugins</groupId>
            <artifactId>maven-gpg-plugin</artifactId>
            <version>3.2.7</version>
            <configuration>
              <gpgArguments>
                <arg>--pinentry-mode</arg>
                <arg>loopback</arg>
              </gpgArguments>
            </configuration>
            <executions>
              <execution>
                <id>sign-artifacts</id>
                <phase>verify</phase>
                <goals><goal>sign</goal></goals>
              </execution>
            </executions>
          </plugin>
          <plugin>
            <groupId>org.apache.maven.plugins</groupId>
            <artifactId>maven-deploy-plugin</artifactId>
            <version>3.1.3</version>
          </plugin>
        </plugins>
      </build>
    </profile>
  </profiles>
</project>
`;
}

/** sdk/java/README.md: what a Maven or Gradle user reads first. */
function readme({ version, schema }) {
  return `# posthog-iac Java SDK

<!-- Written by sdk/generate-java.mjs (npm run sdk:gen:java); do not edit by hand. -->

PostHog surveys and organization invites as Pulumi resources in Java: \`Survey\`, \`Invite\`, \`InviteBatch\` and
the data functions in \`PosthogiacFunctions\`, with typed builders and enums (package
\`io.github.pulumiposthog.posthogiac\`). The resources run in the \`${schema.name}\` provider plugin, which the
SDK names with its download server (\`${schema.pluginDownloadURL}\`), so \`pulumi install\` fetches it.
Java 11 or later, on Pulumi's Java SDK \`com.pulumi:pulumi\`.

## Install

Maven (\`pom.xml\`):

\`\`\`xml
<dependency>
  <groupId>io.github.pulumiposthog</groupId>
  <artifactId>posthog-iac</artifactId>
  <version>${version}</version>
</dependency>
\`\`\`

Gradle (\`build.gradle\`):

\`\`\`groovy
implementation "io.github.pulumiposthog:posthog-iac:${version}"
\`\`\`

Then, in the program's folder: \`pulumi install\` and \`pulumi config set --secret posthog-iac:apiKey <personal API key>\`.

## A program

\`\`\`java
package myproject;

import com.pulumi.Pulumi;
import io.github.pulumiposthog.posthogiac.Survey;
import io.github.pulumiposthog.posthogiac.SurveyArgs;
import io.github.pulumiposthog.posthogiac.enums.SurveyQuestionType;
import io.github.pulumiposthog.posthogiac.enums.SurveyType;
import io.github.pulumiposthog.posthogiac.inputs.SurveyQuestionArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var nps = new Survey("nps", SurveyArgs.builder()
                .name("Quarterly NPS")
                .type(SurveyType.Popover)
                .questions(SurveyQuestionArgs.builder()
                    .type(SurveyQuestionType.Rating)
                    .question("How likely are you to recommend us?")
                    .scale(10)
                    .build())
                .build());
            ctx.export("surveyId", nps.surveyId());
        });
    }
}
\`\`\`

A runnable project: [examples/java-quickstart](https://github.com/pulumi-posthog/pulumi-posthog/tree/main/examples/java-quickstart).
The documentation: [docs/_index.md](https://github.com/pulumi-posthog/pulumi-posthog/blob/main/docs/_index.md).
`;
}

/**
 * The download server in every resource's default options, as pulumi-java's generator writes it since the
 * release after v0.11.0 (pulumi/pulumi-java pkg/codegen/java/gen.go, genResource: `.pluginDownloadURL(%q)` after
 * `.version(...)` in makeResourceOptions when the package has a pluginDownloadURL). v0.11.0, the generator this
 * machine can build, writes the version only, so a preview asked get.pulumi.com for the plugin.
 */
function addPluginDownloadURL(javaDir, url) {
  const version = "            .version(Utilities.getVersion())\n";
  const line = `            .pluginDownloadURL(${JSON.stringify(url)})\n`;
  let changed = 0;
  for (const file of fs.readdirSync(javaDir)) {
    if (!file.endsWith(".java")) continue;
    const full = path.join(javaDir, file);
    const text = fs.readFileSync(full, "utf8");
    if (!text.includes("makeResourceOptions(") || !text.includes(version)) continue;
    const next = text.includes(version + line) ? text : text.replace(version, version + line);
    fs.writeFileSync(full, next);
    changed += 1;
  }
  if (changed === 0) throw new Error(`no resource class in ${javaDir} has makeResourceOptions`);
}

/** Everything beside the generator's sources: pom, README, resources, the download server. Repeatable. */
/** The class each input builder's missing-field check throws through (wordMissingInputs). */
const REQUIRED_INPUT = "io.github.pulumiposthog.posthogiac.internal.RequiredInput";

const requiredInputSource = `// Written by sdk/generate-java.mjs (wordMissingInputs); do not edit.
package io.github.pulumiposthog.posthogiac.internal;

import com.pulumi.exceptions.RunException;

/**
 * What an input builder's build() throws when a required field was not set: a RunException, which Pulumi's Java
 * SDK reports as its message alone (one error line, no stack trace and no "Running program" line with the JVM's
 * command line), naming the builder's setter and the program's line that called build().
 */
public final class RequiredInput {
    private RequiredInput() {
    }

    public static RunException missing(String type, String property) {
        String at = "";
        for (StackTraceElement frame : new Throwable().getStackTrace()) {
            if (!frame.getClassName().startsWith("io.github.pulumiposthog.posthogiac.")) {
                at = " (" + frame.getFileName() + ":" + frame.getLineNumber() + ")";
                break;
            }
        }
        return new RunException(type + " needs ." + property + "(...): it is required, and "
            + type + ".builder() reached .build() without it" + at + ".");
    }
}
`;

/**
 * A required field left out of an input builder (SurveyQuestionArgs without .question(...)) names the field and
 * the program's line in one error. The generator's builders throw MissingRequiredPropertyException, whose message
 * (pulumi-java sdk/java/pulumi/src/main/java/com/pulumi/exceptions/MissingRequiredPropertyException.java) reads
 * "Missing required property 'question when constructing 'SurveyQuestionArgs'"; the SDK's runner reports any such
 * exception as "Running program [PID: n](<the JVM's whole command line>) failed with an unhandled exception:" and
 * the stack trace, but a RunException as its message alone (DeploymentImpl.java, Runner's handleExceptionAsync).
 * Only the *Args builders (what a program fills in) are rewritten; the output types' builders are the SDK's own.
 */
function wordMissingInputs(javaDir) {
  const internal = path.join(javaDir, "internal");
  fs.mkdirSync(internal, { recursive: true });
  fs.writeFileSync(path.join(internal, "RequiredInput.java"), requiredInputSource);
  const throws = /throw new MissingRequiredPropertyException\(("\w+"), ("\w+")\);/g;
  let rewritten = 0;
  for (const dir of [javaDir, path.join(javaDir, "inputs")]) {
    for (const file of fs.readdirSync(dir)) {
      if (!file.endsWith("Args.java")) continue;
      const full = path.join(dir, file);
      const next = fs.readFileSync(full, "utf8").replace(throws, `throw ${REQUIRED_INPUT}.missing($1, $2);`);
      fs.writeFileSync(full, next);
      if (next.includes(REQUIRED_INPUT)) rewritten += 1;
    }
  }
  if (rewritten === 0) throw new Error(`no input builder in ${javaDir} has a required field`);
}

function finish({ schema, pkg, pulumiJava }) {
  fs.writeFileSync(
    path.join(out, "pom.xml"),
    pom({
      version: schema.version,
      homepage: pkg.homepage,
      license: pkg.license,
      repositoryUrl: pkg.repository.url,
      pulumiJava,
    }),
  );
  fs.writeFileSync(path.join(out, "README.md"), readme({ version: schema.version, schema }));
  const resources = path.join(out, "src", "main", "resources", "com", "pulumi", schema.name);
  fs.mkdirSync(resources, { recursive: true });
  fs.writeFileSync(path.join(resources, "version.txt"), `${schema.version}\n`);
  fs.writeFileSync(
    path.join(resources, "plugin.json"),
    `${JSON.stringify(
      { resource: true, name: schema.name, version: schema.version, server: schema.pluginDownloadURL },
      null,
      2,
    )}\n`,
  );
  const javaDir = path.join(out, "src", "main", "java", "io", "github", "pulumiposthog", "posthogiac");
  addPluginDownloadURL(javaDir, schema.pluginDownloadURL);
  wordMissingInputs(javaDir);
}

function main() {
  const gen = process.env.PULUMI_JAVA_GEN;
  const finishOnly = process.argv.includes("--finish");
  if (!finishOnly && (!gen || !fs.existsSync(gen))) {
    console.error(
      "Set PULUMI_JAVA_GEN to a pulumi-java-gen binary (docs/contributing/java.md says how to build one).",
    );
    process.exit(1);
  }
  if (!fs.existsSync(path.join(root, "dist", "plugin", "schema.js"))) {
    console.error("The plugin is not built: run `npm run build` first.");
    process.exit(1);
  }
  const { getSchema } = require("../dist/plugin/schema.js");
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const schema = getSchema();
  const pulumiJava = readPins().pulumiJava.replace(/^v/, "");
  if (finishOnly) {
    // The generator's sources as they are; only what this file writes beside them (no generator needed).
    finish({ schema, pkg, pulumiJava });
    console.log(`Java SDK's pom, README, resources and download server rewritten in ${out}`);
    return;
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-iac-java-"));
  try {
    const schemaFile = path.join(work, "schema.json");
    fs.writeFileSync(schemaFile, JSON.stringify(schema, null, 2));
    const staging = path.join(work, "java");
    // --out is taken relative to the working folder even when absolute (v0.11.0 joins it to the cwd). The schema's
    // language.java.buildFiles ("gradle") wins over --build, so build.gradle and settings.gradle come too: they are
    // kept as generated, for Gradle users.
    execFileSync(gen, ["generate", "--schema", schemaFile, "--out", "java", "--sdk", pulumiJava], {
      cwd: work,
      stdio: ["ignore", "inherit", "inherit"],
    });
    const generator = execFileSync(gen, ["version"], { encoding: "utf8" }).trim();
    fs.rmSync(out, { recursive: true, force: true });
    fs.cpSync(staging, out, { recursive: true });
    finish({ schema, pkg, pulumiJava });
    fs.writeFileSync(
      path.join(out, "schema.sha256"),
      `${schemaHash(schema)}  generated by pulumi-java-gen ${generator}\n`,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(`Java SDK written to ${out}`);
}

if (process.argv[1] === new URL(import.meta.url).pathname) main();
