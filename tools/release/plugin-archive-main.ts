// `npm run plugin:archive`: the plugin's release archives (tools/release/plugin-archive.ts) for the version in
// package.json, written to dist/plugin-archives/, one path a line.
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "../../test/support/self-link";
import { z } from "zod";
import { buildPluginArchives } from "./plugin-archive";

const ARCHIVE_DIR = path.join(REPO_ROOT, "dist/plugin-archives");

async function main(): Promise<void> {
  const { version } = z
    .object({ version: z.string() })
    .parse(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")));
  fs.rmSync(ARCHIVE_DIR, { recursive: true, force: true });
  fs.mkdirSync(ARCHIVE_DIR, { recursive: true });
  for (const archive of await buildPluginArchives(REPO_ROOT, ARCHIVE_DIR, version)) {
    console.log(`${path.relative(REPO_ROOT, archive)}  ${fs.statSync(archive).size} bytes`);
  }
}

main().catch((error: unknown) => {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
