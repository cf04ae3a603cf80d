// The real-CLI tests (test/cli) run in `npm run test:cli` (jest.config.js's `cli` stage), with the `pulumi` CLI that
// `npm run toolchain` builds (toolchain/pins.json, in the user's cache: toolchain/location.js), or else one on
// PATH. Everywhere else (`npm test`, which needs nothing but Node and npm) they say why and jest reports them as
// skipped.
import * as fs from "fs";
import * as path from "path";
import type * as Location from "../../toolchain/location";
import { runCommand } from "./run-command";
import { REPO_ROOT } from "./self-link";

// toolchain/location.js is plain JavaScript outside the TypeScript builds: loaded from the repository root, so
// this file works from source (jest) and compiled into .tmp/tools (the benchmarks, bench/cli.ts).
const location = require(path.join(REPO_ROOT, "toolchain", "location.js")) as typeof Location;
const { binDir } = location;

function executableIn(dir: string, name: string): string | undefined {
  const candidate = path.join(dir, name);
  try {
    fs.accessSync(candidate, fs.constants.X_OK);
    return fs.statSync(candidate).isFile() ? candidate : undefined;
  } catch {
    return undefined;
  }
}

/** Absolute path of the `pulumi` binary on PATH, or undefined. */
export function pulumiOnPath(): string | undefined {
  const names = process.platform === "win32" ? ["pulumi.exe", "pulumi.cmd", "pulumi"] : ["pulumi"];
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const found = executableIn(dir, name);
      if (found) return found;
    }
  }
  return undefined;
}

/** The toolchain's `pulumi`, when `npm run toolchain` has built it for the current pins. */
export function pulumiFromToolchain(): string | undefined {
  return executableIn(binDir(), "pulumi");
}

export const CLI_SKIP_MESSAGE =
  "skipped: no pulumi CLI (run `npm run toolchain`, or put one on PATH) — real-CLI end-to-end test did not run";
export const CLI_SUITE_MESSAGE = "skipped: real-CLI end-to-end tests run in `npm run test:cli`";

/** Set by the setup file of jest.config.js's `cli` and `registry` stages: this process is the real-CLI suite. */
export const CLI_SUITE_ENV = "PULUMI_POSTHOG_CLI_SUITE";

/**
 * Use when a CLI-only test file loads, to choose the test function:
 * `const pulumi = requirePulumiCli(); const withCli = pulumi ? it : it.skip;`
 * Outside `npm run test:cli` there is none. Inside, the toolchain's CLI wins over one on PATH. Prints why and
 * returns undefined when there is none.
 */
export function requirePulumiCli(): string | undefined {
  if (process.env[CLI_SUITE_ENV] !== "1") {
    console.log(CLI_SUITE_MESSAGE);
    return undefined;
  }
  const bin = pulumiFromToolchain() ?? pulumiOnPath();
  if (!bin) console.log(CLI_SKIP_MESSAGE);
  return bin;
}

/** Names a folder of language hosts used ahead of the toolchain's stand-ins (toolchain/location.js says more). */
export const LANGUAGE_HOSTS_ENV = location.LANGUAGE_HOSTS_ENV;

/** The folders the CLI's PATH starts with: LANGUAGE_HOSTS_ENV's if set, then the CLI's own. */
export function hostFolders(pulumi: string): string[] {
  return location.hostFolders(path.dirname(pulumi));
}

/**
 * The PATH every CLI run of the tests gets: hostFolders, then the test process's PATH. A test that builds its own
 * environment takes its PATH from here, so that a run with LANGUAGE_HOSTS_ENV set uses that folder's hosts
 * (test/support/language-hosts.ts checks it after each file of the CLI suite).
 */
export function cliPath(pulumi: string): string {
  return location.cliPath(path.dirname(pulumi));
}

/**
 * The environment that keeps the CLI offline and inside `dir`: the CLI's own folder first on PATH (so its language
 * hosts and helper scripts are found; LANGUAGE_HOSTS_ENV's folder before it), PULUMI_HOME in `dir/.pulumi-home` (plugins, credentials, workspace
 * settings), a local file backend in `dir/backend`, a fixed passphrase, no update check, and no automatic plugin
 * downloads (a missing plugin fails at once instead of reaching for GitHub).
 */
export function offlineCliEnv(pulumi: string, dir: string): NodeJS.ProcessEnv {
  const backend = path.join(dir, "backend");
  const home = path.join(dir, ".pulumi-home");
  fs.mkdirSync(backend, { recursive: true });
  fs.mkdirSync(home, { recursive: true });
  return {
    ...process.env,
    PATH: cliPath(pulumi),
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${backend}`,
    PULUMI_CONFIG_PASSPHRASE: "test-only",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
}

/**
 * Runs `pulumi <args> --non-interactive` in `dir` with offlineCliEnv: a stack that touches nothing outside the
 * folder. A failure's message carries the CLI's stdout and stderr; a run past its time limit is killed and fails.
 */
export function cliIn(pulumi: string, dir: string): (...args: string[]) => Promise<{ stdout: string }> {
  const env = offlineCliEnv(pulumi, dir);
  // run-command.ts: the time limit, and the command and its output in the failure.
  return (...args) => runCommand(pulumi, [...args, "--non-interactive"], { cwd: dir, env });
}

/** A CLI run's failure, as its message (stdout and stderr); fails the test if the command succeeded. */
export async function failureOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  throw new Error("the command succeeded");
}
