// The one way a test runs a command to its end (the `pulumi` CLI, a language's toolchain, a `sh -c` line): in its
// own process group, with its output kept, and a time limit well under the stage's test timeout (jest.config.js:
// 30 minutes for the stages that run the CLI). A command still running at its limit is killed with every process
// below it, and the test fails naming the command and what it printed, so a hang costs minutes, not the stage.
import { ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";

/**
 * The longest any one command of a test may run. The slowest seen are a Go program's first compile and a Java
 * program's Maven build under `pulumi up`, minutes each on a loaded two-core machine; a third of the stage's limit.
 */
export const COMMAND_TIMEOUT_MS = 10 * 60 * 1000;

export interface CommandOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Default COMMAND_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** How a command ended: its exit code (null when a signal ended it) and everything it printed. */
export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Every pid below `root`, read from /proc (children first found, then theirs). */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function killQuietly(pid: number, group = false): void {
  try {
    process.kill(group ? -pid : pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/**
 * SIGKILL to the process group `child` leads (it was spawned detached) and to every process below it: plugins and
 * language hosts run in groups of their own.
 */
export function killTree(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined) return;
  const below = descendants(pid);
  killQuietly(pid, true);
  for (const p of below) killQuietly(p);
}

/** `file args`, with the command line and its output, for a failure message. */
export function described(file: string, args: string[], out: { stdout: string; stderr: string }): string {
  return `${file} ${args.join(" ")}\n--- stdout\n${out.stdout}\n--- stderr\n${out.stderr}`;
}

/**
 * Runs `file args` to its end and resolves with how it ended, whatever its exit code. Rejects when it cannot start,
 * and when it runs past its time limit: then it and every process below it are killed first.
 */
export function runToEnd(file: string, args: string[], opts: CommandOptions): Promise<Finished> {
  const timeoutMs = opts.timeoutMs ?? COMMAND_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: opts.cwd,
      env: opts.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killTree(child);
    }, timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`${file} ${args.join(" ")} did not start: ${error.message}`));
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (timedOut)
        reject(
          new Error(
            `timed out after ${Math.round(timeoutMs / 1000)} s (killed with every process below it): ` +
              described(file, args, { stdout, stderr }),
          ),
        );
      else resolve({ code, signal, stdout, stderr });
    });
  });
}

/** A command that ended other than with exit code 0: the failure message names it and carries its output. */
export class CommandFailed extends Error {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  constructor(file: string, args: string[], finished: Finished) {
    const how = finished.signal ? `signal ${finished.signal}` : `exit code ${finished.code}`;
    super(`${file} ${args.join(" ")} failed (${how}): ${described(file, args, finished)}`);
    this.code = finished.code;
    this.stdout = finished.stdout;
    this.stderr = finished.stderr;
  }
}

/** Runs `file args` and resolves with its output when it exits 0; otherwise rejects with CommandFailed. */
export async function runCommand(
  file: string,
  args: string[],
  opts: CommandOptions,
): Promise<{ stdout: string; stderr: string }> {
  const finished = await runToEnd(file, args, opts);
  if (finished.code !== 0) throw new CommandFailed(file, args, finished);
  return { stdout: finished.stdout, stderr: finished.stderr };
}
