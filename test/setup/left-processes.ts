// The test environment's check that a test file leaves no process behind (test/setup/node-environment.ts): every
// process a file starts, directly or through the `pulumi` CLI, a language host or a plugin, inherits a mark in its
// environment that names the file's run, and after the file (its afterAll hooks included) none may be running.
//
// Why: each CI run left five `dynamic-provider` processes behind (issue 51), found by their environment: four held
// `PULUMI_POSTHOG_TEST_OUTPUT` (test/reliability's capture file) and one `PULUMI_NODEJS_PROJECT=harnessproj`
// (test/harness/engine.test.ts). Both came from one harness engine running operations at once on one provider
// server, each replacing its process (ProviderServer.startRun, test/support/provider-server.ts): all but the last
// new process were never closed. A child the file's worker started is reparented when the worker exits, so only
// the mark, not the process tree, still says whose it is.
import fs from "node:fs";

/** The environment variable that carries the mark. */
export const RUN_MARK_ENV = "PULUMI_POSTHOG_TEST_RUN";

let runs = 0;

/** A mark no other file's run shares: this worker's pid and the number of the file in it. */
export function newRunMark(): string {
  runs += 1;
  return `${process.pid}-${runs}`;
}

export interface LeftProcess {
  pid: number;
  command: string;
}

/**
 * esbuild's service: the esbuild API (tools/release/plugin-archive.ts) keeps one child per process for the process's
 * life, unref'd, and it exits when its stdin closes with the worker. It is this worker's, not the file's, as long as
 * this process is its parent.
 */
function isOwnEsbuildService(pid: string, command: string): boolean {
  if (!/\/esbuild --service=/.test(command)) return false;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === process.pid;
}

/** The running processes (not this one) whose environment holds the mark. Zombies have no environment. */
export function processesMarked(mark: string): LeftProcess[] {
  if (process.platform !== "linux") return [];
  const wanted = `${RUN_MARK_ENV}=${mark}`;
  const found: LeftProcess[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = fs.readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
      if (!environ.includes(wanted)) continue;
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
      if (!isOwnEsbuildService(entry, command)) found.push({ pid: Number(entry), command });
    } catch {
      // ended while we looked, or not ours to read
    }
  }
  return found;
}

/**
 * After a file: the processes still running with its mark, once those already ending have had `graceMs` to go
 * (a process sent SIGTERM by an afterAll that did not wait for it). Those left are killed, so one file's leak does
 * not become the next one's, and returned for the error.
 */
export async function leftProcesses(mark: string, graceMs = 5_000): Promise<LeftProcess[]> {
  const deadline = Date.now() + graceMs;
  let left = processesMarked(mark);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = processesMarked(mark);
  }
  for (const p of left) {
    try {
      process.kill(p.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  return left;
}

/** The error a file that left processes fails with. */
export function leftProcessesError(file: string, left: LeftProcess[]): Error {
  return new Error(
    `${file} left ${left.length} process(es) running after its last hook (now killed):\n` +
      left.map((p) => `  ${p.pid}: ${p.command.slice(0, 300)}`).join("\n") +
      "\nClose every server, plugin and CLI run the file starts, and wait for it to exit.",
  );
}
