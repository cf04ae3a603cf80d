// The test environment's measure of each test file (node-environment.ts): its wall time, the CPU time of its worker
// and of the processes the worker waited for, and how many costly things it started. Written as one JSON file per
// test file into the folder FILE_STATS_DIR_ENV names, which the reporter (file-stats-reporter.js) sets and reads;
// `.ci/run` prints the table (docs/contributing/ci.md).
//
// What is counted, and where:
// - processes, and `pulumi` CLI commands: every process the worker starts goes through ChildProcess.prototype.spawn
//   (Node's lib/child_process.js: spawn, execFile and exec all call it), so it is counted there, by executable;
// - Maven runs and Go builds: started by a test, by `sh -c`, or by a language host under the CLI, so they are counted
//   by a stand-in `mvn` and `go` put first on the worker's PATH, which notes the run under the file's run mark
//   (left-processes.ts: every process the file starts inherits it) and execs the real tool with the same arguments;
// - in-process emulators: counted by test/support/counted-emulator.ts (file-counts.ts).
import { ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { RUN_MARK_ENV } from "./left-processes";

/** The folder the stats are written to; unset, nothing is measured. */
export const FILE_STATS_DIR_ENV = "PULUMI_POSTHOG_FILE_STATS_DIR";

/** One test file's measure, as the reporter reads it. */
export interface FileStats {
  testPath: string;
  wallMs: number;
  /** The worker's own CPU time (user and system) during the file. */
  workerCpuMs: number;
  /** The CPU time of the processes the worker waited for during the file (and of theirs that they waited for). */
  childrenCpuMs: number;
  counts: Record<string, number>;
}

/** The stats file of a test file, by its path, in `dir`. */
export function statsFileFor(dir: string, testPath: string): string {
  return path.join(dir, "files", `${crypto.createHash("sha1").update(testPath).digest("hex")}.json`);
}

// /proc/self/stat's cutime and cstime (fields 16 and 17, proc(5)), in clock ticks of USER_HZ, which is 100 on Linux.
const TICK_MS = 10;

function childrenCpuMs(): number {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The tools counted by a stand-in on PATH, and which of their runs count (a version probe does not). */
const STAND_INS: Record<string, { kind: string; counts: (args: string[]) => boolean }> = {
  mvn: { kind: "maven", counts: (args) => !args.includes("--version") && !args.includes("-v") },
  go: { kind: "go build", counts: (args) => ["build", "run", "install", "test"].includes(args[0] ?? "") },
};

/** The counts of the file being run in this worker (one file at a time per worker). */
let current: Record<string, number> | undefined;

function add(counts: Record<string, number>, kind: string): void {
  counts[kind] = (counts[kind] ?? 0) + 1;
}

/** Counts each process the worker starts, by executable. Installed once per worker. */
function countSpawns(): void {
  const original: unknown = Reflect.get(ChildProcess.prototype, "spawn");
  if (typeof original !== "function") return;
  Reflect.set(ChildProcess.prototype, "spawn", function (this: unknown, options: unknown) {
    if (current && typeof options === "object" && options !== null && "file" in options) {
      const args = "args" in options && Array.isArray(options.args) ? options.args.map(String) : [];
      add(current, "processes");
      if (path.basename(String(options.file)) === "pulumi") add(current, "cli");
      if (args.some((a) => /[/\\]cli[/\\]emulator\.[jt]s$/.test(a))) add(current, "emulator");
    }
    return Reflect.apply(original, this, [options]);
  });
}

/** The real executable `name` on `searchPath`, or undefined. */
function findOnPath(name: string, searchPath: string, skip: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir || dir === skip) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Writes the stand-ins for the tools found on PATH and puts their folder first on it. Returns the folder. */
function installStandIns(dir: string): string {
  const shims = path.join(dir, "stand-ins");
  const runs = path.join(dir, "runs");
  fs.mkdirSync(shims, { recursive: true });
  fs.mkdirSync(runs, { recursive: true });
  for (const name of Object.keys(STAND_INS)) {
    const real = findOnPath(name, process.env.PATH ?? "", shims);
    if (!real) continue;
    const script =
      "#!/bin/sh\n" +
      `[ -n "$${RUN_MARK_ENV}" ] && printf '%s\\n' "$*" >> '${runs}'/"$${RUN_MARK_ENV}.${name}"\n` +
      `exec '${real}' "$@"\n`;
    // Written aside and renamed, as several workers may write it at once.
    const aside = path.join(shims, `.${name}.${process.pid}`);
    fs.writeFileSync(aside, script, { mode: 0o755 });
    fs.renameSync(aside, path.join(shims, name));
  }
  process.env.PATH = `${shims}${path.delimiter}${process.env.PATH ?? ""}`;
  return shims;
}

let installedIn: string | undefined;

/** What the stand-ins noted for the run mark, as counts. */
function standInCounts(dir: string, mark: string, counts: Record<string, number>): void {
  for (const [name, { kind, counts: countsRun }] of Object.entries(STAND_INS)) {
    const file = path.join(dir, "runs", `${mark}.${name}`);
    if (!fs.existsSync(file)) continue;
    // One line per run: its arguments, as the stand-in's "$*" wrote them.
    for (const line of fs.readFileSync(file, "utf8").split("\n").slice(0, -1))
      if (countsRun(line.split(" "))) add(counts, kind);
    fs.rmSync(file, { force: true });
  }
}

/** The measure of one test file, from its environment's start to its teardown. */
export class FileMeasure {
  private readonly started = Date.now();
  private readonly cpu = process.cpuUsage();
  private readonly children = childrenCpuMs();
  readonly counts: Record<string, number> = {};

  private constructor(
    private readonly dir: string,
    private readonly testPath: string,
  ) {
    current = this.counts;
  }

  /** Starts measuring `testPath` when FILE_STATS_DIR_ENV is set; the PATH the file's processes get is returned. */
  static start(testPath: string): { measure?: FileMeasure; path?: string } {
    const dir = process.env[FILE_STATS_DIR_ENV];
    if (!dir) return {};
    if (installedIn !== dir) {
      if (installedIn === undefined) countSpawns();
      installStandIns(dir);
      installedIn = dir;
    }
    return { measure: new FileMeasure(dir, testPath), path: process.env.PATH };
  }

  /** Ends the measure and writes it for the reporter. */
  finish(mark: string): void {
    if (current === this.counts) current = undefined;
    standInCounts(this.dir, mark, this.counts);
    const cpu = process.cpuUsage(this.cpu);
    const stats: FileStats = {
      testPath: this.testPath,
      wallMs: Date.now() - this.started,
      workerCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      childrenCpuMs: childrenCpuMs() - this.children,
      counts: this.counts,
    };
    const file = statsFileFor(this.dir, this.testPath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stats));
  }
}
