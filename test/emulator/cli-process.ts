// Runs the emulator CLI as a child process, the way a user starts it, and reads its --json banner.
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";

const root = path.resolve(__dirname, "../..");

export interface Banner {
  url: string;
  apiKey: string;
  organizationId: string;
  projectId: number;
}

/** Runs src/cli/emulator.ts through a transpile-only hook and reads the --json line. */
export function spawnCli(args: string[]): Promise<{ child: ChildProcess; banner: Banner }> {
  const child = spawn(
    process.execPath,
    ["-r", path.join(__dirname, "ts-register.js"), path.join(root, "src/cli/emulator.ts"), ...args],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf("\n");
      if (nl >= 0) resolve({ child, banner: JSON.parse(out.slice(0, nl)) as Banner });
    });
    child.on("exit", (code) => reject(new Error(`emulator exited early (${code}): ${err}`)));
  });
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}
