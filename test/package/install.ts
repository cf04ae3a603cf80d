// Packs the package with `npm pack` and installs the tarball into a fresh program folder outside the repo,
// the way a user gets it. Its workspace dependencies (the sanitiser and the CLI option tables), not on the
// registry yet, are packed and installed beside it, as the registry would supply them. The SDK is linked from the repo so the test's mocks and
// the program share one copy.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "../support/self-link";
import { npm, pack as packIn, WORKSPACE, type Packed } from "../../tools/release/pack";

export interface InstalledProgram {
  dir: string;
  tarball: string;
  tarballBytes: number;
  files: string[];
  /** Loads the installed package from the program folder. */
  load<T = unknown>(): T;
  cleanup(): void;
}

export { npm, WORKSPACE, type Packed } from "../../tools/release/pack";

/** `npm pack` of the package in `folder` (relative to the repo root) into `destination` (tools/release/pack.ts). */
export function pack(folder: string, destination: string): Packed {
  return packIn(REPO_ROOT, folder, destination);
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
