// The real-CLI end-to-end tests only run when a `pulumi` binary is on PATH (it cannot be
// installed from the registries we reach). When it is missing they say so and jest reports them as skipped.
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { promisify } from "util";

/** Absolute path of the `pulumi` binary on PATH, or undefined. */
export function pulumiOnPath(): string | undefined {
  const exts = process.platform === "win32" ? [".exe", ".cmd", ""] : [""];
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = path.join(dir, `pulumi${ext}`);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        if (fs.statSync(candidate).isFile()) return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

export const CLI_SKIP_MESSAGE = "skipped: pulumi CLI not on PATH — real-CLI end-to-end test did not run";

/**
 * Use when a CLI-only test file loads, to choose the test function:
 * `const pulumi = requirePulumiCli(); const withCli = pulumi ? it : it.skip;`
 * Prints the skip message and returns undefined when there is no CLI.
 */
export function requirePulumiCli(): string | undefined {
  const bin = pulumiOnPath();
  if (!bin) console.log(CLI_SKIP_MESSAGE);
  return bin;
}

/**
 * Runs `pulumi <args> --non-interactive` in `dir` on a local file backend there (`dir/backend`), with a fixed
 * passphrase and no update check: a stack that touches nothing outside the folder.
 */
export function cliIn(pulumi: string, dir: string): (...args: string[]) => Promise<{ stdout: string }> {
  fs.mkdirSync(path.join(dir, "backend"), { recursive: true });
  const env = {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${path.join(dir, "backend")}`,
    PULUMI_CONFIG_PASSPHRASE: "test-only",
    PULUMI_SKIP_UPDATE_CHECK: "true",
  };
  return (...args) => promisify(execFile)(pulumi, [...args, "--non-interactive"], { cwd: dir, env });
}
