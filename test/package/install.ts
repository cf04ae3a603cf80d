// Packs the package with `npm pack` and installs the tarball into a fresh program folder outside the repo,
// the way a user gets it. The SDK is linked from the repo so the test's mocks and the program share one copy.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "../support/self-link";

export interface InstalledProgram {
  dir: string;
  tarball: string;
  tarballBytes: number;
  files: string[];
  /** Loads the installed package from the program folder. */
  load<T = unknown>(): T;
  cleanup(): void;
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

export function packAndInstall(consumerSource?: string): InstalledProgram {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-consumer-"));
  const packed = JSON.parse(
    execFileSync(npm, ["pack", "--json", "--pack-destination", dir], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }),
  ) as { filename: string; size: number; files: { path: string }[] }[];
  const tarball = path.join(dir, packed[0].filename);
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "consumer", private: true, version: "1.0.0" }, null, 2),
  );
  execFileSync(
    npm,
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--legacy-peer-deps",
      "--no-package-lock",
      tarball,
    ],
    { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
  );
  // One SDK for the program, the mocks and the plugin: link the repo's copy (realpaths then match).
  fs.mkdirSync(path.join(dir, "node_modules/@pulumi"), { recursive: true });
  fs.symlinkSync(
    path.join(REPO_ROOT, "node_modules/@pulumi/pulumi"),
    path.join(dir, "node_modules/@pulumi/pulumi"),
    "dir",
  );
  if (consumerSource) fs.writeFileSync(path.join(dir, "index.ts"), consumerSource);
  return {
    dir,
    tarball,
    tarballBytes: packed[0].size,
    files: packed[0].files.map((f) => f.path),
    load: <T>() => require(path.join(dir, "node_modules/pulumi-posthog")) as T,
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
