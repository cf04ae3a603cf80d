// The emulator CLI in its own process (`node dist/cli/emulator.js ... --json`), for runs where it must not share
// a core's event loop with the client: PostHog is another machine, and a benchmark that runs the emulator in
// the measuring process measures the emulator too. Needs `npm run build` (dist) first.
import { ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "./self-link";

export const EMULATOR_CLI = path.join(REPO_ROOT, "dist/cli/emulator.js");

export interface EmulatorProcess {
  child: ChildProcess;
  url: string;
  apiKey: string;
  organizationId: string;
  projectId: number;
  /** Ends the process (SIGTERM) and resolves once it has exited. */
  close(): Promise<void>;
}

/** Starts the CLI with `args` (plus `--json`) and resolves with the one JSON line it prints once listening. */
export function startEmulatorProcess(args: string[] = ["--port", "0"]): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, [EMULATOR_CLI, ...args, "--json"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) {
        const started = JSON.parse(line) as Omit<EmulatorProcess, "child" | "close">;
        resolve({ child, ...started, close });
      }
    });
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}: ${err}`)));
  });
}
