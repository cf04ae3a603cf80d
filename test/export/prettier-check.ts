// Runs prettier with its default options (not this repo's .prettierrc) in a child process: prettier 3 loads
// its parsers with dynamic import(), which jest's module system does not allow in-process.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "../support/self-link";

const PRETTIER = path.join(REPO_ROOT, "node_modules/prettier/bin/prettier.cjs");

/** Formats each source as prettier would; returns them in order. */
export function prettierFormat(sources: string[]): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-prettier-"));
  try {
    const files = sources.map((source, i) => {
      const file = path.join(dir, `case-${i}.ts`);
      fs.writeFileSync(file, source);
      return file;
    });
    const result = spawnSync(
      process.execPath,
      [PRETTIER, "--no-config", "--no-editorconfig", "--write", ...files],
      {
        encoding: "utf8",
      },
    );
    if (result.status !== 0) throw new Error(`prettier failed: ${result.stderr}`);
    return files.map((file) => fs.readFileSync(file, "utf8"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
