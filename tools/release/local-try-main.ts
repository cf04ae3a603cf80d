// `npm run local:try`: the packages of this checkout, packed as the release packs them, into dist/local-try/, and
// the Java SDK into the local Maven repository (tools/release/java-sdk.ts), and the install lines for each language
// (tools/release/local-try.ts). For trying the package before a release.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { REPO_ROOT } from "../../test/support/self-link";
import { installJavaSdk } from "./java-sdk";
import { buildLocalTry, describeLocalTry } from "./local-try";

async function main(): Promise<void> {
  const { version } = z
    .object({ version: z.string() })
    .parse(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")));
  const outDir = path.join(REPO_ROOT, "dist/local-try");
  const built = await buildLocalTry(REPO_ROOT, outDir, version);
  console.log(describeLocalTry(built, outDir, installJavaSdk(REPO_ROOT)));
}

main().catch((error: unknown) => {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
