// The tools a fresh CI machine lacks, installed from the npm registry into one cache folder outside the repo
// and reused by later runs: pnpm, yarn classic, and Node 22 (the `node` package) for the latest SDK.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { exec } from "./exec";
import type { PackageManager } from "./cells";

const TOOLS = { pnpm: "pnpm@10.34.8", yarn: "yarn@1.22.22", node: "node@22" };

export interface Toolchain {
  /** Shared caches, so each cell does not download everything again. */
  cacheDir: string;
  /** The command and leading arguments that run a package manager. */
  packageManager(name: PackageManager): string[];
  node(major: 20 | 22): string;
  /** The newest published version of `pkg` in `range`. */
  newest(pkg: string, range: string): Promise<string>;
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

export async function prepareToolchain(): Promise<Toolchain> {
  const cacheDir = path.join(os.tmpdir(), "pulumi-posthog-compat-cache");
  const toolsDir = path.join(cacheDir, "tools");
  const bin = (name: string): string => path.join(toolsDir, "node_modules", ".bin", name);
  if (!Object.keys(TOOLS).every((name) => fs.existsSync(bin(name)))) {
    fs.mkdirSync(toolsDir, { recursive: true });
    fs.writeFileSync(path.join(toolsDir, "package.json"), JSON.stringify({ private: true }));
    const installed = await exec(
      npm,
      ["install", "--no-audit", "--no-fund", "--no-package-lock", ...Object.values(TOOLS)],
      { cwd: toolsDir, env: { ...process.env } },
    );
    if (!installed.ok)
      throw new Error(`installing ${Object.values(TOOLS).join(", ")} failed:\n${installed.stderr}`);
  }
  return {
    cacheDir,
    packageManager: (name) => (name === "npm" ? [npm] : [bin(name)]),
    node: (major) => (major === 22 ? bin("node") : process.execPath),
    newest: async (pkg, range) => {
      const viewed = await exec(npm, ["view", `${pkg}@${range}`, "version", "--json"], { cwd: toolsDir });
      const listed = JSON.parse(viewed.stdout || "[]") as string | string[];
      // npm lists them in publish order, not version order; pre-releases never count as newest.
      const released = (Array.isArray(listed) ? listed : [listed]).filter((v) => /^\d+\.\d+\.\d+$/.test(v));
      const newest = released.sort(compareVersions).pop();
      if (!viewed.ok || !newest) throw new Error(`npm view ${pkg}@${range} failed:\n${viewed.stderr}`);
      return newest;
    },
  };
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [a.split(".").map(Number), b.split(".").map(Number)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}
