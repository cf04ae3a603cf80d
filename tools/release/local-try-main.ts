// `npm run local:try`: the packages of this checkout, packed as the release packs them, into dist/local-try/, and
// the install line for each language (tools/release/local-try.ts); the Java SDK into the local Maven repository
// (tools/release/java-sdk.ts). For trying the package before a release.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { REPO_ROOT } from "../../test/support/self-link";
import { installJavaSdk, javaLines } from "./java-sdk";
import { pluginInstallLine } from "./install-routes";
import { buildLocalTry, describeLocalTry } from "./local-try";

async function main(): Promise<void> {
  const { version } = z
    .object({ version: z.string() })
    .parse(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")));
  const outDir = path.join(REPO_ROOT, "dist/local-try");
  const built = await buildLocalTry(REPO_ROOT, outDir, version);
  console.log(describeLocalTry(built, outDir));
  console.log(
    ["", ...javaLines(installJavaSdk(REPO_ROOT), pluginInstallLine(built.version, built.archive))].join("\n"),
  );
}

main().catch((error: unknown) => {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
