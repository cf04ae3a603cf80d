// The Java SDK (sdk/java) built and installed into the local Maven repository (~/.m2) with `mvn install`, from a
// copy so no build output lands in the checkout: how `npm run local:try` gives a Java program the SDK before a
// release (the Java route of tools/release/install-routes.ts). Maven resolves com.pulumi:pulumi from Maven Central
// the first time.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface JavaSdk {
  /** Maven coordinates, groupId:artifactId:version, read from sdk/java/pom.xml. */
  coordinates: string;
  /** com.pulumi:pulumi's version the SDK is built on. */
  pulumiJava: string;
}

/** The coordinates sdk/java/pom.xml declares (the project's, then com.pulumi:pulumi's version). */
export function javaSdkCoordinates(root: string): JavaSdk {
  const pom = fs.readFileSync(path.join(root, "sdk", "java", "pom.xml"), "utf8");
  const [project = "", dependencies = ""] = pom.split("<dependencies>");
  const tag = (text: string, name: string): string => {
    const value = text.match(new RegExp(`<${name}>([^<]+)</${name}>`))?.[1];
    if (!value) throw new Error(`sdk/java/pom.xml has no <${name}>`);
    return value;
  };
  return {
    coordinates: `${tag(project, "groupId")}:${tag(project, "artifactId")}:${tag(project, "version")}`,
    pulumiJava: tag(dependencies, "version"),
  };
}

/** `mvn -B -q install` of a copy of sdk/java; what it installed, or why not (no Maven, a failed build). */
export function installJavaSdk(root: string): JavaSdk | { error: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-iac-java-"));
  try {
    fs.cpSync(path.join(root, "sdk", "java"), dir, { recursive: true });
    execFileSync("mvn", ["-B", "-q", "install", "-DskipTests"], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    return javaSdkCoordinates(root);
  } catch (error) {
    const e = error as Error & { stdout?: Buffer };
    const detail =
      e.stdout
        ?.toString()
        .split("\n")
        .find((l) => l.includes("ERROR")) ?? e.message.split("\n")[0];
    return { error: `mvn install of sdk/java failed: ${detail}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
