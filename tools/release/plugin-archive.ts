// The provider plugin as a release asset: one tar.gz per platform, named and laid out as
// `pulumi plugin install resource posthog-iac <version> --file <archive>` and the schema's pluginDownloadURL
// expect (docs/plugin.md#installing-the-plugin-without-npm). Pulumi names a plugin asset
// `pulumi-<kind>-<name>-v<version>-<os>-<arch>.tar.gz` (pulumi/pulumi sdk/go/common/workspace/plugins.go,
// standardAssetName), unpacks it into its plugin cache, and runs `pulumi-<kind>-<name>` from there, trying
// `.exe` then `.cmd` on Windows (plugins.go, getPluginPath and getCandidateExtensions).
//
// The plugin is JavaScript, so the archive holds one file bundling the compiled plugin with every dependency
// (esbuild), and a launcher that runs it with the `node` on PATH. Every platform's archive holds the same
// bundle; only the launcher differs (a shell script, or a .cmd on Windows).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import { PLUGIN_EXECUTABLE } from "../../src/plugin/tokens";

export const PLATFORMS = [
  { os: "linux", arch: "amd64" },
  { os: "linux", arch: "arm64" },
  { os: "darwin", arch: "amd64" },
  { os: "darwin", arch: "arm64" },
  { os: "windows", arch: "amd64" },
  { os: "windows", arch: "arm64" },
] as const;

export type Platform = (typeof PLATFORMS)[number];

/** The lowest Node.js major the plugin runs on (package.json `engines`). */
export const NODE_MAJOR = 20;

export const BUNDLE = `${PLUGIN_EXECUTABLE}.cjs`;

/** This machine's platform as Pulumi names it in asset names. */
export function hostPlatform(): Platform {
  const os = { linux: "linux", darwin: "darwin", win32: "windows" }[process.platform as string];
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch as string];
  const found = PLATFORMS.find((p) => p.os === os && p.arch === arch);
  if (!found) throw new Error(`no plugin archive for ${process.platform}/${process.arch}`);
  return found;
}

/** pulumi/pulumi plugins.go, standardAssetName. */
export function archiveName(version: string, platform: Platform): string {
  return `${PLUGIN_EXECUTABLE}-v${version}-${platform.os}-${platform.arch}.tar.gz`;
}

/** What an archive for `platform` holds at its root, with each file's mode. */
export function archiveFiles(platform: Platform): { name: string; mode: number }[] {
  const launcher =
    platform.os === "windows"
      ? { name: `${PLUGIN_EXECUTABLE}.cmd`, mode: 0o755 }
      : { name: PLUGIN_EXECUTABLE, mode: 0o755 };
  return [launcher, { name: BUNDLE, mode: 0o644 }, { name: "LICENSE", mode: 0o644 }];
}

const NEEDS_NODE = `${PLUGIN_EXECUTABLE} needs Node.js ${NODE_MAJOR} or later on PATH: install it from https://nodejs.org`;

const SHELL_LAUNCHER = `#!/bin/sh
# The posthog-iac provider plugin is a Node.js program: this runs its bundle with the node on PATH.
if ! command -v node >/dev/null 2>&1; then
  echo "${NEEDS_NODE}" >&2
  exit 1
fi
exec node "$(dirname "$0")/${BUNDLE}" "$@"
`;

const CMD_LAUNCHER = [
  "@echo off",
  "rem The posthog-iac provider plugin is a Node.js program: this runs its bundle with the node on PATH.",
  `where node >nul 2>nul || (echo ${NEEDS_NODE} 1>&2 & exit /b 1)`,
  `node "%~dp0${BUNDLE}" %*`,
  "",
].join("\r\n");

// Refuses an old Node.js with a sentence rather than a syntax error; it runs before any bundled module loads.
const NODE_CHECK = `if (Number(process.versions.node.split(".")[0]) < ${NODE_MAJOR}) {
  process.stderr.write("${PLUGIN_EXECUTABLE} needs Node.js ${NODE_MAJOR} or later; this is " + process.version + "\\n");
  process.exit(1);
}`;

// Modules the SDK reaches only for what a plugin never does: TypeScript for serialising a dynamic provider's
// closures, npm's own libraries for the Automation API's package-manager detection. Leaving them out keeps the
// bundle at a few MB instead of 18; should one ever be reached, it fails with this sentence instead of a
// missing-module error.
const NOT_BUNDLED = ["typescript", "@npmcli/arborist", "@npmcli/run-script"];

const notBundled: Plugin = {
  name: "not-bundled",
  setup(build) {
    const filter = new RegExp(`^(${NOT_BUNDLED.map((m) => m.replace(/[/.]/g, "\\$&")).join("|")})$`);
    build.onResolve({ filter }, (args) => ({ path: args.path, namespace: "not-bundled" }));
    build.onLoad({ filter: /.*/, namespace: "not-bundled" }, (args) => ({
      contents: `throw new Error(${JSON.stringify(
        `${PLUGIN_EXECUTABLE}: ${args.path} is not bundled into the plugin archive (tools/release/plugin-archive.ts); ` +
          "install the plugin from npm (docs/plugin.md) for this feature.",
      )});`,
      loader: "js",
    }));
  },
};

/** Bundles the built plugin (dist/plugin/main.js) into `outfile`. */
export async function bundlePlugin(root: string, outfile: string): Promise<void> {
  const entry = path.join(root, "dist/plugin/main.js");
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first.`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    target: `node${NODE_MAJOR}`,
    format: "cjs",
    // The bundle runs as the entry point, so main.ts's check of `require.main` by file name still starts the server.
    banner: { js: NODE_CHECK },
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: "eof",
    logLevel: "error",
    plugins: [notBundled],
  });
}

/** Writes every platform's archive into `outDir` and returns their paths. */
export async function buildPluginArchives(root: string, outDir: string, version: string): Promise<string[]> {
  const staging = path.join(outDir, ".staging");
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  await bundlePlugin(root, path.join(staging, BUNDLE));
  fs.copyFileSync(path.join(root, "LICENSE"), path.join(staging, "LICENSE"));
  fs.writeFileSync(path.join(staging, PLUGIN_EXECUTABLE), SHELL_LAUNCHER);
  fs.writeFileSync(path.join(staging, `${PLUGIN_EXECUTABLE}.cmd`), CMD_LAUNCHER);

  const archives = PLATFORMS.map((platform) => {
    const files = archiveFiles(platform);
    for (const file of files) fs.chmodSync(path.join(staging, file.name), file.mode);
    const archive = path.join(outDir, archiveName(version, platform));
    // Entries at the archive's root, owned by root, dated by the release's commit when the workflow says so.
    const mtime = process.env.SOURCE_DATE_EPOCH ? `@${process.env.SOURCE_DATE_EPOCH}` : "@0";
    execFileSync("tar", [
      "-czf",
      archive,
      "-C",
      staging,
      "--owner=0",
      "--group=0",
      "--numeric-owner",
      `--mtime=${mtime}`,
      ...files.map((file) => file.name),
    ]);
    return archive;
  });
  fs.rmSync(staging, { recursive: true, force: true });
  return archives;
}
