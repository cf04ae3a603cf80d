// Which language hosts a test's CLI runs really started, and whether each came from the folder the run was meant to
// take it from. test/setup/host-check.ts records every file of the CLI suite with it; the cross-check
// (docs/contributing/engine-cross-check.md) states its table's hosts from these records, not from the variable
// that was set.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hostFolders } from "./pulumi-cli";
import { REPO_ROOT } from "./self-link";

/** One language host process, as the sampler saw it: what it was started as, and the binary it really ran. */
export interface HostRun {
  pid: number;
  /** The path the CLI started it by (argv[0]): `<folder>/pulumi-language-<runtime>`. */
  argv0: string;
  /** /proc/<pid>/exe: the binary that ran (for a stand-in, the one binary the three names link to). */
  exe: string;
}

export interface HostRecording {
  /** Stops sampling (after one last sample) and returns every host process seen, in the order first seen. */
  stop(): Promise<HostRun[]>;
}

const SAMPLER = path.join(REPO_ROOT, "test", "support", "host-sampler.js");

/** The runtime a host serves, from the name it was started as. */
export function runtimeOf(run: HostRun): string {
  return path.basename(run.argv0).replace(/^pulumi-language-/, "");
}

/**
 * Starts recording the language hosts run by any process below `root` (this process by default). Resolves once
 * the sampler has taken its first sample.
 */
export async function startHostRecording(root: number = process.pid): Promise<HostRecording> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "language-hosts-")), "runs.jsonl");
  const sampler = spawn(process.execPath, [SAMPLER, String(root), file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => sampler.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    sampler.once("error", reject);
    sampler.stdout.once("data", () => resolve());
    void exited.then(() => reject(new Error(`the host sampler (${SAMPLER}) ended before sampling`)));
  });
  return {
    async stop() {
      sampler.kill("SIGTERM");
      await exited;
      const lines = fs.readFileSync(file, "utf8").split("\n").filter(Boolean);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
      return lines.map((line) => JSON.parse(line) as HostRun);
    },
  };
}

/**
 * The binary a CLI run should have started for `runtime`: the host in the first of hostFolders (the hosts folder
 * named by PULUMI_POSTHOG_LANGUAGE_HOSTS, then the CLI's own) that has one, symlinks resolved. Undefined when no
 * folder has it (the CLI then looks further along PATH).
 */
export function expectedHost(pulumi: string, runtime: string): string | undefined {
  for (const folder of hostFolders(pulumi)) {
    const candidate = path.join(folder, `pulumi-language-${runtime}`);
    if (fs.existsSync(candidate)) return fs.realpathSync(candidate);
  }
  return undefined;
}

/** The runs whose binary is not the one expectedHost names for their runtime. */
export function strayHosts(pulumi: string, runs: HostRun[]): HostRun[] {
  return runs.filter((run) => {
    const expected = expectedHost(pulumi, runtimeOf(run));
    return expected !== undefined && run.exe !== expected;
  });
}

/** Each runtime's binaries that ran, with how many processes of each: `python /x/pulumi-language-python ×3`. */
export function describeHosts(runs: HostRun[]): string[] {
  const counts = new Map<string, number>();
  for (const run of runs) {
    const key = `${runtimeOf(run)} ${run.exe}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([key, n]) => `${key} ×${n}`);
}
