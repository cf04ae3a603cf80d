// Regenerates sdk/java from the posthog-iac plugin's schema with pulumi-java's generator, `pulumi-java-gen`, named
// by PULUMI_JAVA_GEN: `PULUMI_JAVA_GEN=/path/to/pulumi-java-gen npm run sdk:gen:java`. The generator is not in the
// toolchain: the Go module proxy refuses pulumi-java, so it is built by hand outside the repository
// (docs/contributing/java.md says from what and how). CI cannot run this; test/unit/sdk-java.test.ts fails when the
// schema changed and sdk/java was not regenerated.
//
// Beside the generated sources (and the Gradle files the schema asks for) this writes what pulumi-java's Gradle build
// would add at build time, and a Maven build: this machine has no Gradle, and Maven is what the SDK is built with:
// - pom.xml: io.github.pulumiposthog:posthog-iac at the package's version, on com.pulumi:pulumi at
//   toolchain/pins.json's pulumiJava, the one place that release is written;
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

function pom({ version, description, homepage, license, pulumiJava }) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by sdk/generate-java.mjs (npm run sdk:gen:java); do not edit by hand. -->
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 http://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>

  <groupId>io.github.pulumiposthog</groupId>
  <artifactId>posthog-iac</artifactId>
  <version>${version}</version>
  <packaging>jar</packaging>
  <name>posthog-iac</name>
  <description>${description}</description>
  <url>${homepage}</url>
  <licenses>
    <license>
      <name>${license}</name>
    </license>
  </licenses>

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
</project>
`;
}

function main() {
  const gen = process.env.PULUMI_JAVA_GEN;
  if (!gen || !fs.existsSync(gen)) {
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
    fs.writeFileSync(
      path.join(out, "pom.xml"),
      pom({
        version: schema.version,
        description: pkg.description,
        homepage: pkg.homepage,
        license: pkg.license,
        pulumiJava,
      }),
    );
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
