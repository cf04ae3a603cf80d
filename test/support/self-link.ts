// The provider process resolves the shim's `require("pulumi-posthog/dist/...")` from NODE_PATH; in the repo
// there is no installed copy, so point a `pulumi-posthog` link at the repo root (as an example's
// `file:../..` dependency does). Tests run against the built `dist/`: `npm test` builds it first.
import fs from "node:fs";
import path from "node:path";

export const REPO_ROOT = path.resolve(__dirname, "../..");

/** Returns a NODE_PATH value under which `pulumi-posthog` is this repo. */
export function selfLinkNodePath(): string {
  if (!fs.existsSync(path.join(REPO_ROOT, "dist/index.js"))) {
    throw new Error("dist/ is missing: run `npm run build` (npm test does it for you).");
  }
  const dir = path.join(REPO_ROOT, ".tmp/node_path");
  const link = path.join(dir, "pulumi-posthog");
  fs.mkdirSync(dir, { recursive: true });
  try {
    if (fs.realpathSync(link) === REPO_ROOT) return dir;
    fs.rmSync(link, { force: true, recursive: true });
  } catch {
    // no link yet
  }
  try {
    fs.symlinkSync(REPO_ROOT, link, "dir");
  } catch (error) {
    // Another test file created it at the same moment.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return dir;
}
