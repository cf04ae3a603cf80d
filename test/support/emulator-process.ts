// The emulator CLI in its own process, the way a user starts it, reading its one `--json` banner line. Also for
// runs where the emulator must not share this process's event loop: PostHog is another machine, and a benchmark
// that runs the emulator in the measuring process measures the emulator too.
import { ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "./self-link";

/** What `--json` prints once the emulator listens. */
export interface Banner {
  url: string;
  apiKey: string;
  organizationId: string;
  projectId: number;
  pid: number;
}

/**
 * `dist`: the built CLI (needs `npm run build`); `source`: the emulator package's src/cli/emulator.ts through a
 * transpile-only hook, for tests that must not depend on a build.
 */
export type CliEntry = "dist" | "source";

const ENTRY: Record<CliEntry, string[]> = {
  dist: [path.join(REPO_ROOT, "packages/posthog-emulator/dist/cli/emulator.js")],
  source: [
    "-r",
    path.join(REPO_ROOT, "test/emulator/ts-register.js"),
    path.join(REPO_ROOT, "packages/posthog-emulator/src/cli/emulator.ts"),
  ],
};

/** Runs the CLI with `args` (which should include `--json`) and resolves once it prints the banner. */
export function spawnEmulatorCli(
  args: string[],
  entry: CliEntry = "dist",
): Promise<{ child: ChildProcess; banner: Banner }> {
  const child = spawn(process.execPath, [...ENTRY[entry], ...args], {
    cwd: REPO_ROOT,
    // The test's own environment (jest gives each file a copy): the CLI suite names its request tap there.
    env: process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve({ child, banner: JSON.parse(line) as Banner });
    });
    child.once("exit", (code) => reject(new Error(`emulator exited early (${code}): ${err}`)));
  });
}

/** Resolves with the process's exit code. */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

export interface EmulatorProcess extends Banner {
  child: ChildProcess;
  /** Ends the process (SIGTERM) and resolves once it has exited. */
  close(): Promise<void>;
}

/** The built CLI with `args` (default any free port), as a handle like the in-process emulator's. */
export async function startEmulatorProcess(args: string[] = ["--port", "0"]): Promise<EmulatorProcess> {
  const { child, banner } = await spawnEmulatorCli([...args, "--json"]);
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited(child);
  };
  return { ...banner, child, close };
}
