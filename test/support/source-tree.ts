// A folder of the checkout as git sees it: what the regeneration test (test/cli/sdks.test.ts) compares with a fresh
// `pulumi package gen-sdk`. Files git ignores are left out: what building or installing an SDK leaves in its folder
// (`pip install sdk/python` writes sdk/python/build/ and *.egg-info/, .gitignore lists them) is not generated source.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Every file under `dir` that git tracks or would track (not ignored), relative to `dir`, with its content. */
export function sourceTree(dir: string): Record<string, string> {
  const listed = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", "."],
    {
      cwd: dir,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const out: Record<string, string> = {};
  for (const file of listed.split("\0").filter(Boolean).sort()) {
    const full = path.join(dir, file);
    // A tracked file deleted from the working tree is listed by --cached: the folder no longer has it.
    if (fs.existsSync(full)) out[file] = fs.readFileSync(full, "utf8");
  }
  return out;
}
