// Everything a program outside this checkout needs to try the package before a release, in one folder: the npm
// tarballs (the provider, the two workspace packages it depends on, the emulator), the plugin archive for this
// platform, the Python SDK's wheel and the Go SDK as a module proxy. Built the way the release builds them
// (tools/release/pack.ts, plugin-archive.ts, python-wheel.ts, go-proxy.ts); `npm run local:try` prints each
// language's install route (tools/release/install-routes.ts, the lines the docs show) with these paths.
import fs from "node:fs";
import path from "node:path";
import { buildGoProxy } from "./go-proxy";
import { localTryLines } from "./install-routes";
import type { JavaSdk } from "./java-sdk";
import { packAll, type LocalTarballs } from "./pack";
import { archiveName, buildPluginArchives, hostPlatform } from "./plugin-archive";
import { buildPythonWheel } from "./python-wheel";

export interface LocalTry {
  version: string;
  tarballs: LocalTarballs;
  /** The plugin archive for this machine's platform. */
  archive: string;
  /** The Python SDK's wheel, or why it could not be built (pip or setuptools missing). */
  wheel: { path: string } | { error: string };
  /** The folder GOPROXY names for the Go SDK (go-proxy.ts). */
  goProxy: string;
}

/**
 * Builds the local try's files into `outDir` (emptied first). dist/ must be built. `findLinks`: folders pip takes
 * setuptools from, offline (tests); without, PyPI.
 */
export async function buildLocalTry(
  root: string,
  outDir: string,
  version: string,
  findLinks?: string[],
): Promise<LocalTry> {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const tarballs = packAll(root, outDir);
  const archives = path.join(outDir, ".archives");
  fs.mkdirSync(archives);
  await buildPluginArchives(root, archives, version);
  const name = archiveName(version, hostPlatform());
  fs.renameSync(path.join(archives, name), path.join(outDir, name));
  fs.rmSync(archives, { recursive: true, force: true });
  let wheel: LocalTry["wheel"];
  try {
    wheel = { path: await buildPythonWheel(root, outDir, findLinks) };
  } catch (error) {
    wheel = { error: error instanceof Error ? error.message.split("\n")[0] : String(error) };
  }
  const goProxy = buildGoProxy(root, path.join(outDir, "go-proxy"), version);
  return { version, tarballs, archive: path.join(outDir, name), wheel, goProxy };
}

/** Starts the emulator from its tarballs through npx's cache, for a folder that is no npm project. */
export const emulatorNpxLine = (t: LocalTarballs): string =>
  `npx --yes -p ${t.sanitiser} -p ${t.cliOptions} -p ${t.emulator} posthog-emulator --port 8010`;

/**
 * What `npm run local:try` prints: each language's route, run from the user's own program folder. `java`: what
 * `mvn install` of sdk/java gave (tools/release/java-sdk.ts), which the Java route reads from ~/.m2.
 */
export function describeLocalTry(t: LocalTry, outDir: string, java?: JavaSdk | { error: string }): string {
  const wheelNote = "path" in t.wheel ? [] : [`(the Python wheel was not built: ${t.wheel.error})`, ""];
  const javaNote =
    java === undefined
      ? []
      : "error" in java
        ? [`(the Java SDK was not installed into ~/.m2: ${java.error})`, ""]
        : [`(the Java SDK ${java.coordinates} is installed in ~/.m2)`, ""];
  return [
    `pulumi-posthog ${t.version} from this checkout, packed as a release packs it. In your program's folder:`,
    "",
    ...localTryLines(t.version, {
      folder: outDir,
      archive: t.archive,
      tarballs: t.tarballs,
      goProxy: t.goProxy,
    }),
    ...wheelNote,
    ...javaNote,
    "The emulator, in a second terminal (a local PostHog, its key printed):",
    "  npx posthog-emulator --port 8010          # a TypeScript program, which installed it above",
    `  ${emulatorNpxLine(t.tarballs)}   # any other folder`,
  ].join("\n");
}
