// The workflow linter over .github/workflows: actionlint, built from the Go module proxy at a pinned version into
// a cache folder outside the repository (a second run reuses it). It checks the workflows' syntax, expressions,
// job needs, action inputs and permissions, and the run scripts with shellcheck where shellcheck is on PATH.
// Reported skipped where there is no Go.
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../support/self-link";

const ACTIONLINT = "github.com/rhysd/actionlint/cmd/actionlint@v1.7.12";

function onPath(command: string): boolean {
  try {
    execFileSync(command, ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const go = onPath("go");
if (!go) console.log("skipped: no `go` on PATH to build actionlint — the workflow linter did not run");
const withGo = go ? it : it.skip;

withGo(
  "actionlint finds nothing in the workflows",
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
    const shellcheck = onPath("shellcheck") || fs.existsSync("/usr/bin/shellcheck");
    const result = await promisify(execFile)(bin, ["-no-color", "-oneline", ...workflows], {
      cwd: REPO_ROOT,
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code, stdout: error.stdout ?? "" }),
    );
    console.log(
      `actionlint ${ACTIONLINT.split("@")[1]} on ${workflows.join(", ")} ` +
        `(shellcheck ${shellcheck ? "on" : "not on PATH: run scripts unchecked"}): ` +
        `${result.code === 0 ? "no findings" : result.stdout}`,
    );
    expect(result).toEqual({ code: 0, stdout: "" });
  },
  10 * 60 * 1000,
);
