// Every `pulumi` run a test file starts, whichever helper starts it (cliIn, a program folder, a killable spawn, the
// Automation API through execa): its arguments, when it started and ended, and what it printed. The CLI suite's
// promise check (test/setup/promise-check.ts) reads them. Recorded by wrapping child_process's spawn and execFile
// families once per worker (the module is Node's own, shared by every test file of the worker), each wrapper
// handing the run to the sink of the file that runs now.
import childProcess, { type ChildProcess } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

/** One CLI run. */
export interface CliRun {
  args: string[];
  /** Wall-clock milliseconds */
  startedAt: number;
  endedAt?: number;
  /** stdout and stderr, as they came */
  output: string;
  code?: number | null;
}

type Sink = (run: CliRun) => void;

// Held on the shared module, so the wrappers installed by the worker's first file reach the sink of the current one.
const SINK = Symbol.for("pulumi-posthog.cli-runs.sink");
const WRAPPED = Symbol.for("pulumi-posthog.cli-runs.wrapped");
type Holder = { [SINK]?: Sink; [WRAPPED]?: true };
const holder = childProcess as unknown as Holder;

const isPulumi = (file: unknown): file is string =>
  typeof file === "string" && path.basename(file) === "pulumi";

function argsOf(rest: unknown[]): string[] {
  return Array.isArray(rest[0]) ? rest[0].map(String) : [];
}

/** Starts a run's record and follows the child's output and exit. */
function follow(child: ChildProcess | undefined, args: string[]): void {
  const sink = holder[SINK];
  if (!sink || !child) return;
  const run: CliRun = { args, startedAt: Date.now(), output: "" };
  sink(run);
  child.stdout?.on("data", (d: Buffer | string) => (run.output += d.toString()));
  child.stderr?.on("data", (d: Buffer | string) => (run.output += d.toString()));
  child.once("close", (code) => {
    run.endedAt = Date.now();
    run.code = code;
  });
}

function recordSync(
  args: string[],
  startedAt: number,
  result: { stdout?: unknown; stderr?: unknown; status?: number | null },
): void {
  const sink = holder[SINK];
  if (!sink) return;
  const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));
  sink({
    args,
    startedAt,
    endedAt: Date.now(),
    output: text(result.stdout) + text(result.stderr),
    code: result.status,
  });
}

/** Stops handing runs to the sink (the wrappers stay, and pass every call through). */
export function stopRecordingCliRuns(): void {
  holder[SINK] = undefined;
}

/** Installs the wrappers (once per worker) and makes `sink` receive this file's runs. */
export function recordCliRuns(sink: Sink): void {
  holder[SINK] = sink;
  if (holder[WRAPPED]) return;
  holder[WRAPPED] = true;
  const cp = childProcess as unknown as Record<string, unknown>;
  const spawn = childProcess.spawn;
  cp.spawn = function (this: unknown, file: string, ...rest: unknown[]) {
    const child = Reflect.apply(spawn, this, [file, ...rest]) as ChildProcess;
    if (isPulumi(file)) follow(child, argsOf(rest));
    return child;
  };
  const execFile = childProcess.execFile;
  const wrappedExecFile = function (this: unknown, file: string, ...rest: unknown[]) {
    const child = Reflect.apply(execFile, this, [file, ...rest]) as ChildProcess;
    if (isPulumi(file)) follow(child, argsOf(rest));
    return child;
  };
  // promisify(execFile) resolves { stdout, stderr } through execFile's own custom form, which calls the original.
  const custom = (
    execFile as unknown as Record<symbol, (...a: unknown[]) => Promise<unknown> & { child?: ChildProcess }>
  )[promisify.custom];
  Object.defineProperty(wrappedExecFile, promisify.custom, {
    value: (file: string, ...rest: unknown[]) => {
      const pending = custom(file, ...rest);
      if (isPulumi(file)) follow(pending.child, argsOf(rest));
      return pending;
    },
  });
  cp.execFile = wrappedExecFile;
  const execFileSync = childProcess.execFileSync;
  cp.execFileSync = function (this: unknown, file: string, ...rest: unknown[]) {
    const startedAt = Date.now();
    try {
      const out: unknown = Reflect.apply(execFileSync, this, [file, ...rest]);
      if (isPulumi(file)) recordSync(argsOf(rest), startedAt, { stdout: out, status: 0 });
      return out;
    } catch (e) {
      if (isPulumi(file))
        recordSync(argsOf(rest), startedAt, e as { stdout?: unknown; stderr?: unknown; status?: number });
      throw e;
    }
  };
  const spawnSync = childProcess.spawnSync;
  cp.spawnSync = function (this: unknown, file: string, ...rest: unknown[]) {
    const startedAt = Date.now();
    const result = Reflect.apply(spawnSync, this, [file, ...rest]) as childProcess.SpawnSyncReturns<unknown>;
    if (isPulumi(file)) recordSync(argsOf(rest), startedAt, result);
    return result;
  };
}
