// Where the demo runs from. Compiled, it lives in .tmp/tools/examples/demo; from source, in examples/demo.
// Either way the repository root is the nearest folder above with this package's package.json.
import fs from "node:fs";
import Module from "node:module";
import path from "node:path";

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

/**
 * A folder holding a `pulumi-posthog` link to the repository, for NODE_PATH: the same arrangement as
 * test/support/self-link.ts (whose own root lookup assumes it runs from test/support, not from .tmp/tools).
 */
export function selfLinkDir(root: string): string {
  if (!fs.existsSync(path.join(root, "dist/index.js"))) {
    throw new Error("dist/ is missing: run `npm run build` (`npm run demo` does it for you).");
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
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return dir;
}

/** Lets this process `require("pulumi-posthog")` (the quickstart does) from the folder NODE_PATH names. */
export function addToNodePath(dir: string): void {
  const current = (process.env.NODE_PATH ?? "").split(path.delimiter).filter(Boolean);
  if (!current.includes(dir)) process.env.NODE_PATH = [dir, ...current].join(path.delimiter);
  // Node reads NODE_PATH once at start-up; the internal (long-stable) Module._initPaths() reads it again.
  (Module as unknown as { _initPaths(): void })._initPaths();
}
