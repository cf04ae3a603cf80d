// Python for the real-CLI plugin tests: a virtualenv per program folder, filled from a wheel folder kept outside
// the repository (`${XDG_CACHE_HOME:-~/.cache}/pulumi-posthog/python/pulumi-<version>`), so only the first run
// downloads from PyPI. Pulumi's Python SDK is pinned to the newest release on PyPI not newer than the CLI
// (PYTHON_SDK_VERSION). `pulumi package add` then installs the generated SDK into the venv itself (the python
// host's InstallDependencies: `pip install -r requirements.txt`, where Link put the SDK's folder), its few
// dependencies from PyPI through pip's own cache.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * `pulumi` on PyPI at the release closest to the toolchain's CLI (v3.274.1): PyPI's newest is 3.272.0
 * (`pip index versions pulumi`, 2026-11-26). The Python SDK speaks the same engine protocol.
 */
export const PYTHON_SDK_VERSION = "3.272.0";

const run = promisify(execFile);

function wheelhouse(): string {
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return path.join(cache, "pulumi-posthog", "python", `pulumi-${PYTHON_SDK_VERSION}`);
}

/**
 * What the wheel folder holds: Pulumi's SDK with its dependencies, what building the generated SDK's wheel
 * needs (sdk/python's pyproject.toml, `[build-system] requires`), which pip fetches into an isolated build
 * environment and which pulumi's own dependencies no longer bring, and `wheel`, which the python host's
 * InstallDependencies (`pulumi install`) upgrades with pip and setuptools before it installs the requirements.
 */
const WHEELHOUSE_REQUIREMENTS = [`pulumi==${PYTHON_SDK_VERSION}`, "setuptools>=61.0", "wheel"];

/** The wheel folder, holding WHEELHOUSE_REQUIREMENTS so an sdk wheel builds from it offline; downloaded on first use. */
export async function wheelFolder(): Promise<string> {
  const dir = wheelhouse();
  // The marker names what was downloaded, so a folder filled for other requirements is filled again.
  const done = path.join(dir, "complete");
  const wanted = JSON.stringify(WHEELHOUSE_REQUIREMENTS);
  if (!fs.existsSync(done) || fs.readFileSync(done, "utf8") !== wanted) {
    await run("python3", ["-m", "pip", "download", "--quiet", "--dest", dir, ...WHEELHOUSE_REQUIREMENTS], {
      maxBuffer: 16 * 1024 * 1024,
    });
    fs.writeFileSync(done, wanted);
  }
  return dir;
}

/** `python3 -m venv <dir>/venv`, with Pulumi's SDK installed from the wheel folder. */
export async function createVenv(dir: string): Promise<string> {
  const venv = path.join(dir, "venv");
  const wheels = await wheelFolder();
  await run("python3", ["-m", "venv", venv]);
  await pipInstall(venv, [wheels], [`pulumi==${PYTHON_SDK_VERSION}`]);
  return venv;
}

/** `pip install <what>` into `venv`, offline: only from the wheel folders `findLinks`. */
export async function pipInstall(venv: string, findLinks: string[], what: string[]): Promise<void> {
  await run(
    path.join(venv, "bin", "python"),
    [
      "-m",
      "pip",
      "install",
      "--quiet",
      "--disable-pip-version-check",
      "--no-index",
      ...findLinks.flatMap((folder) => ["--find-links", folder]),
      ...what,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}
