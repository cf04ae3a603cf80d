// Python for the real-CLI plugin tests: a virtualenv per program folder, filled from a wheel folder kept outside
// the repository (`${XDG_CACHE_HOME:-~/.cache}/pulumi-posthog/python/pulumi-<version>`), so only the first run
// downloads from PyPI. Pulumi's Python SDK is pinned to the newest release on PyPI not newer than the CLI
// (PYTHON_SDK_VERSION); the generated SDK is installed from its folder, built offline from the same wheels.
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

/** What building and installing a generated SDK needs besides its own dependencies. */
const BUILD_REQUIREMENTS = ["setuptools", "wheel"];

const run = promisify(execFile);

function wheelhouse(): string {
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return path.join(cache, "pulumi-posthog", "python", `pulumi-${PYTHON_SDK_VERSION}`);
}

/** The `dependencies = [...]` of a generated SDK's pyproject.toml. */
export function pyprojectDependencies(sdkDir: string): string[] {
  const text = fs.readFileSync(path.join(sdkDir, "pyproject.toml"), "utf8");
  const list = /^\s*dependencies\s*=\s*\[([^\]]*)\]/m.exec(text);
  if (!list) throw new Error(`no dependencies list in ${sdkDir}/pyproject.toml`);
  return [...list[1].matchAll(/"([^"]+)"|'([^']+)'/g)].map((m) => m[1] ?? m[2]);
}

/**
 * The wheel folder holds `pulumi==PYTHON_SDK_VERSION`, the build requirements and `requirements` (with their
 * dependencies). A stamp lists what was downloaded, so a rerun with nothing new asks PyPI nothing.
 */
async function ensureWheels(requirements: string[]): Promise<string> {
  const dir = wheelhouse();
  fs.mkdirSync(dir, { recursive: true });
  const stamp = path.join(dir, "downloaded.json");
  const had: string[] = fs.existsSync(stamp) ? (JSON.parse(fs.readFileSync(stamp, "utf8")) as string[]) : [];
  const wanted = [`pulumi==${PYTHON_SDK_VERSION}`, ...BUILD_REQUIREMENTS, ...requirements];
  const missing = wanted.filter((r) => !had.includes(r));
  if (missing.length > 0) {
    await run("python3", ["-m", "pip", "download", "--quiet", "--dest", dir, ...wanted], {
      maxBuffer: 16 * 1024 * 1024,
    });
    fs.writeFileSync(stamp, JSON.stringify([...new Set([...had, ...wanted])]));
  }
  return dir;
}

/** `python3 -m venv <dir>/venv`, with Pulumi's SDK installed from the wheel folder. */
export async function createVenv(dir: string): Promise<string> {
  const venv = path.join(dir, "venv");
  const wheels = await ensureWheels([]);
  await run("python3", ["-m", "venv", venv]);
  await pipInstall(venv, wheels, [`pulumi==${PYTHON_SDK_VERSION}`]);
  return venv;
}

/** Installs the generated SDK folder into the venv, its dependencies from the wheel folder. */
export async function installSdk(venv: string, sdkDir: string): Promise<void> {
  const wheels = await ensureWheels(pyprojectDependencies(sdkDir));
  await pipInstall(venv, wheels, [sdkDir]);
}

async function pipInstall(venv: string, wheels: string, what: string[]): Promise<void> {
  await run(
    path.join(venv, "bin", "python"),
    [
      "-m",
      "pip",
      "install",
      "--quiet",
      "--disable-pip-version-check",
      "--no-index",
      "--find-links",
      wheels,
      ...what,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}
