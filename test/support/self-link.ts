// The provider process resolves the shim's `require("pulumi-posthog/dist/...")` from NODE_PATH; in the repo
// there is no installed copy, so point a `pulumi-posthog` link at the repo root (as an example's
// `file:../..` dependency does). Tests, the demo and the benchmarks run against the built `dist/`.
import fs from "node:fs";
import path from "node:path";

/** The nearest folder above `from` whose package.json is this package (works from source and from .tmp/tools). */
export function findRepoRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { name?: string };
      if (name === "pulumi-posthog") return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`no pulumi-posthog package.json above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot();

/** Returns a NODE_PATH value under which `pulumi-posthog` is this repo. */
export function selfLinkNodePath(root: string = REPO_ROOT): string {
  if (!fs.existsSync(path.join(root, "dist/index.js"))) {
    throw new Error(
      "dist/ is missing: run `npm run build` (npm test, npm run demo and npm run bench do it).",
    );
  }
  const dir = path.join(root, ".tmp/node_path");
  const link = path.join(dir, "pulumi-posthog");
  fs.mkdirSync(dir, { recursive: true });
  try {
    if (fs.realpathSync(link) === fs.realpathSync(root)) return dir;
    fs.rmSync(link, { force: true, recursive: true });
  } catch {
    // no link yet
  }
  try {
    fs.symlinkSync(root, link, "dir");
  } catch (error) {
    // Another test file created it at the same moment.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return dir;
}
