// This tree's built package placed under a node_modules folder, as an install puts it, without packing: a
// program that loads it from there gets `__provider` written as `require("pulumi-posthog/dist/...")`, the line
// users' states hold (the SDK writes a module outside node_modules by value; docs/contributing/pulumi-engine.md). The copy
// sits inside the repo, so its dependencies (the SDK, axios, zod, the sanitiser) resolve to the repo's own.
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./self-link";

export interface InstalledBuild {
  /** A NODE_PATH under which `pulumi-posthog` is the copy (for the plugin process). */
  nodePath: string;
  /** The copy's folder. */
  packageDir: string;
  cleanup(): void;
}

export function installBuildCopy(): InstalledBuild {
  if (!fs.existsSync(path.join(REPO_ROOT, "dist/index.js"))) {
    throw new Error("dist/ is missing: run `npm run build` (npm test does it).");
  }
  fs.mkdirSync(path.join(REPO_ROOT, ".tmp"), { recursive: true });
  const root = fs.mkdtempSync(path.join(REPO_ROOT, ".tmp/installed-"));
  const nodePath = path.join(root, "node_modules");
  const packageDir = path.join(nodePath, "pulumi-posthog");
  fs.mkdirSync(packageDir, { recursive: true });
  fs.cpSync(path.join(REPO_ROOT, "dist"), path.join(packageDir, "dist"), { recursive: true });
  fs.copyFileSync(path.join(REPO_ROOT, "package.json"), path.join(packageDir, "package.json"));
  return { nodePath, packageDir, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}
