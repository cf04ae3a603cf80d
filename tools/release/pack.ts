// `npm pack` of this repository's packages, as the release publishes them: the provider, and the workspace packages
// it and the emulator depend on. Shared by the package tests (test/package/install.ts), the compat suite and the
// local try (tools/release/local-try.ts).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { z } from "zod";

export const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** The workspace package folders, from the repo root. */
export const WORKSPACE = {
  emulator: "packages/posthog-emulator",
  sanitiser: "packages/posthog-html",
  cliOptions: "packages/cli-options",
} as const;

export interface Packed {
  /** The tarball's path. */
  tarball: string;
  /** Its size in bytes. */
  size: number;
  files: string[];
}

const PackJson = z.array(
  z.object({ filename: z.string(), size: z.number(), files: z.array(z.object({ path: z.string() })) }),
);

/**
 * `npm pack` of the package in `folder` (relative to `root`) into `destination`. Without the prepack build: every
 * caller builds dist/ once before it starts (`pretest`, `pretest:*`, `npm run local:try`), and a build per pack
 * cost minutes per program on a busy machine.
 */
export function pack(root: string, folder: string, destination: string): Packed {
  const [packed] = PackJson.parse(
    JSON.parse(
      execFileSync(npm, ["pack", "--json", "--ignore-scripts", "--pack-destination", destination], {
        cwd: path.join(root, folder),
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      }),
    ),
  );
  return {
    tarball: path.join(destination, packed.filename),
    size: packed.size,
    files: packed.files.map((f) => f.path),
  };
}

/** Every tarball a TypeScript program needs from this repository, to install without a registry. */
export interface LocalTarballs {
  provider: string;
  sanitiser: string;
  cliOptions: string;
  emulator: string;
}

export function packAll(root: string, destination: string): LocalTarballs {
  return {
    provider: pack(root, ".", destination).tarball,
    sanitiser: pack(root, WORKSPACE.sanitiser, destination).tarball,
    cliOptions: pack(root, WORKSPACE.cliOptions, destination).tarball,
    emulator: pack(root, WORKSPACE.emulator, destination).tarball,
  };
}

/**
 * The two installs a TypeScript program runs: the provider with the workspace packages it depends on (npm matches
 * them to its `^0.1.0` dependencies, as the registry would), then the emulator for tests and local runs.
 */
export function npmInstallLines(t: LocalTarballs): [string, string] {
  return [`npm install ${t.provider} ${t.sanitiser} ${t.cliOptions}`, `npm install --save-dev ${t.emulator}`];
}
