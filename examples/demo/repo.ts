// Where the demo runs from. Compiled, it lives in .tmp/tools/examples/demo; from source, in examples/demo.
// Either way the repository root is the nearest folder above with this package's package.json.
import Module from "node:module";
import path from "node:path";

export { findRepoRoot, selfLinkNodePath as selfLinkDir } from "../../test/support/self-link";

/** Lets this process `require("pulumi-posthog")` (the quickstart does) from the folder NODE_PATH names. */
export function addToNodePath(dir: string): void {
  const current = (process.env.NODE_PATH ?? "").split(path.delimiter).filter(Boolean);
  if (!current.includes(dir)) process.env.NODE_PATH = [dir, ...current].join(path.delimiter);
  // Node reads NODE_PATH once at start-up; the internal (long-stable) Module._initPaths() reads it again.
  (Module as unknown as { _initPaths(): void })._initPaths();
}
