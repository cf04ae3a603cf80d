// Packs the package with `npm pack` and installs the tarball into a fresh program folder outside the repo,
// the way a user gets it. Its workspace dependencies (the sanitiser and the CLI option tables), not on the
// registry yet, are packed and installed beside it, as the registry would supply them. The SDK is linked from the repo so the test's mocks and
// the program share one copy.
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

export interface Packed {
  /** The tarball's path. */
  tarball: string;
  /** Its size in bytes. */
  size: number;
  files: string[];
}

export const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** The workspace package folders, from the repo root. */
export const WORKSPACE = {
  emulator: "packages/posthog-emulator",
  sanitiser: "packages/posthog-html",
  cliOptions: "packages/cli-options",
} as const;

/**
 * `npm pack` of the package in `folder` (relative to the repo root) into `destination`. Without the prepack build:
 * every suite that packs builds dist/ once before it starts (`pretest`, `pretest:*`), and a build per pack cost
 * minutes per program on a busy machine.
 */
export function pack(folder: string, destination: string): Packed {
  const [packed] = JSON.parse(
    execFileSync(npm, ["pack", "--json", "--ignore-scripts", "--pack-destination", destination], {
      cwd: path.join(REPO_ROOT, folder),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }),
  ) as { filename: string; size: number; files: { path: string }[] }[];
  return {
    tarball: path.join(destination, packed.filename),
    size: packed.size,
    files: packed.files.map((f) => f.path),
  };
}

/** `npm install` of tarballs into `dir`, as a user's install of the published packages. */
export function installTarballs(dir: string, tarballs: string[]): void {
  execFileSync(
    npm,
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--legacy-peer-deps",
      "--no-package-lock",
      ...tarballs,
    ],
    { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
  );
}

export function packAndInstall(consumerSource?: string): InstalledProgram {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-consumer-"));
  const provider = pack(".", dir);
  const sanitiser = pack(WORKSPACE.sanitiser, dir);
  const cliOptions = pack(WORKSPACE.cliOptions, dir);
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "consumer", private: true, version: "1.0.0" }, null, 2),
  );
  installTarballs(dir, [sanitiser.tarball, cliOptions.tarball, provider.tarball]);
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
    tarball: provider.tarball,
    tarballBytes: provider.size,
    files: provider.files,
    load: <T>() => require(path.join(dir, "node_modules/pulumi-posthog")) as T,
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
