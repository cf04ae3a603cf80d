// Everything a program outside this checkout needs to try the package before a release, in one folder: the npm
// tarballs (the provider, the two workspace packages it depends on, the emulator), the plugin archive for this
// platform, and the Python SDK's wheel. Built the way the release builds them (tools/release/pack.ts,
// plugin-archive.ts, python-wheel.ts); `npm run local:try` prints the install line for each language.
import fs from "node:fs";
import path from "node:path";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import { npmInstallLines, packAll, type LocalTarballs } from "./pack";
import { archiveName, buildPluginArchives, hostPlatform } from "./plugin-archive";
import { buildPythonWheel } from "./python-wheel";

export interface LocalTry {
  version: string;
  tarballs: LocalTarballs;
  /** The plugin archive for this machine's platform. */
  archive: string;
  /** The Python SDK's wheel, or why it could not be built (pip or setuptools missing). */
  wheel: { path: string } | { error: string };
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
  return { version, tarballs, archive: path.join(outDir, name), wheel };
}

/** The plugin install a Python, Go or YAML program runs first, from the archive. */
export const pluginInstallLine = (t: LocalTry): string =>
  `pulumi plugin install resource ${PACKAGE_NAME} ${t.version} --file ${t.archive}`;

/** Starts the emulator from its tarballs through npx's cache, for a folder that is no npm project. */
export const emulatorNpxLine = (t: LocalTarballs): string =>
  `npx --yes -p ${t.sanitiser} -p ${t.cliOptions} -p ${t.emulator} posthog-emulator --port 8010`;

/** What `npm run local:try` prints: one route per language, each run from the user's own program folder. */
export function describeLocalTry(t: LocalTry): string {
  const [install, installEmulator] = npmInstallLines(t.tarballs);
  const wheel =
    "path" in t.wheel ? [`  pip install ${t.wheel.path}`] : [`  (the wheel was not built: ${t.wheel.error})`];
  return [
    `pulumi-posthog ${t.version} from this checkout, packed as a release packs it. In your program's folder:`,
    "",
    "TypeScript / JavaScript:",
    `  ${install}`,
    `  ${installEmulator}`,
    "  npx posthog-emulator --port 8010          # in a second terminal: a local PostHog, its key printed",
    "",
    "Python (in the program's virtualenv):",
    `  ${pluginInstallLine(t)}`,
    ...wheel,
    "",
    "YAML (and Go, with an SDK from `pulumi package add`):",
    `  ${pluginInstallLine(t)}`,
    "",
    "The emulator, for a Python or YAML program (no npm project needed):",
    `  ${emulatorNpxLine(t.tarballs)}`,
  ].join("\n");
}
