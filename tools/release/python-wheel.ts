// The Python SDK's wheel, built from sdk/python with pip (PEP 517), in a copy outside the repository: a build in
// sdk/python would leave build/ and *.egg-info there. The release builds the same wheel with `python -m build`
// (.github/workflows/release.yml); the local try and test/cli/plugin-archive-cli.test.ts use this.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * Builds `pulumi_posthog_iac-<version>-py3-none-any.whl` into `destination` and returns its path. With
 * `findLinks`, pip takes setuptools from those folders only (offline); without, from PyPI.
 */
export async function buildPythonWheel(
  root: string,
  destination: string,
  findLinks?: string[],
): Promise<string> {
  const source = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-sdk-python-"));
  try {
    fs.cpSync(path.join(root, "sdk", "python"), source, { recursive: true });
    const offline = findLinks ? ["--no-index", ...findLinks.flatMap((f) => ["--find-links", f])] : [];
    const before = new Set(fs.existsSync(destination) ? fs.readdirSync(destination) : []);
    await promisify(execFile)(
      "python3",
      [
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--disable-pip-version-check",
        "--no-deps",
        ...offline,
        "--wheel-dir",
        destination,
        source,
      ],
      { maxBuffer: 1 << 26 },
    );
    const wheel = fs.readdirSync(destination).find((f) => f.endsWith(".whl") && !before.has(f));
    if (!wheel) throw new Error(`pip wheel wrote no wheel into ${destination}`);
    return path.join(destination, wheel);
  } finally {
    fs.rmSync(source, { recursive: true, force: true });
  }
}
