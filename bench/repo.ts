// Where the repository is, for a bench compiled into .tmp/tools. test/support/self-link.ts computes its
// REPO_ROOT as `__dirname/../..`, which is the repo under ts-jest but `.tmp/tools` once compiled by
// tsconfig.tools.json (there is no dist/ or package.json there). Its consumers (stack.ts, install.ts) read
// the binding at call time, so pointing it at the real root once, before any benchmark runs, is enough.
// Proposed fix in self-link.ts: walk up from __dirname to the package.json named "pulumi-posthog".
import fs from "node:fs";
import path from "node:path";
import * as selfLink from "../test/support/self-link";

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { name?: string };
      if (name === "pulumi-posthog") return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`no pulumi-posthog package.json above ${from}`);
  }
}

export const REPO_ROOT = findRoot(__dirname);

/** Makes test/support (and test/package) see the real repository root. Idempotent. */
export function fixSupportRoot(): void {
  const binding = selfLink as unknown as { REPO_ROOT: string };
  if (binding.REPO_ROOT !== REPO_ROOT) binding.REPO_ROOT = REPO_ROOT;
}
