// jest.config.js's test environment for every project: jest's own node environment, plus two changes to how a jest
// worker process ends.
//
// Why: jest ends a worker by removing its IPC listener and waiting for the process to leave on its own; if the
// parent has not seen it exit 500 ms later, jest kills it and prints "A worker process has failed to exit
// gracefully" (jest-worker, BaseWorkerPool.end and FORCE_EXIT_DELAY; processChild.js, exitProcess). Our workers
// reach their 'exit' event within a few milliseconds of that request, with nothing left open. What takes the time is
// ending a big process: the kernel frees its memory before the parent hears of the exit, and on two cores at load 10
// that took ~0.45 ms per MB of resident memory (a 150 MB process was seen to exit after 80 ms, a 900 MB one after
// 400 ms), while a worker's heap, mostly garbage, grew to ~1 GB over a run. So:
// - after each test file, a worker whose heap has grown large collects it, so that the memory is given back while
//   the run goes on, not when jest is waiting for the worker to end;
// - once its event loop has drained, a worker leaves with process.exit, which skips Node's own teardown of the heap.
// A test that leaks a server, socket or timer still keeps its worker's event loop alive, so it never reaches
// 'beforeExit', and jest still reports it as before (test/harness/worker-exit.test.ts).
//
// And one check: a test file fails when a process it started (a plugin, a CLI run, an emulator) is still running
// after its last hook (test/setup/left-processes.ts).
//
// And one measure, when the reporter asks for it: the file's wall and CPU time and what it started
// (test/setup/file-stats.ts).
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { TestEnvironment } from "jest-environment-node";
import path from "node:path";
import { holdFileCounts } from "./file-counts";
import { FileMeasure } from "./file-stats";
import { leftProcesses, leftProcessesError, newRunMark, RUN_MARK_ENV } from "./left-processes";

/** A worker's heap in use above which it is collected after a test file: with the rest of the process, well under
 * the ~1 GB that missed jest's 500 ms on a loaded machine. */
const COLLECT_ABOVE_BYTES = 384 * 1024 * 1024;
/** Nor before the heap has grown by half since the last collection, so a worker whose live heap is near the mark is
 * not collected after every file. */
const GROWTH_BEFORE_COLLECTING = 1.5;

let exitArmed = false;
let liveAfterCollecting = 0;
let collect: (() => void) | undefined;

/** Makes this worker process leave at once, without the isolate's teardown, after its last 'exit' listener. */
function exitPromptlyOnceDrained(): void {
  if (exitArmed) return;
  exitArmed = true;
  // 'beforeExit' fires only when the event loop is empty, which in a jest worker is after jest's end request. The
  // 'exit' listener is added then, so that it runs after every listener anything else added before, and it exits
  // with process.exitCode as those left it: in a run in band this is jest's own process, whose 'exit' listener sets
  // the failure code (jest-cli, readResultsAndExit), after the code the event was emitted with.
  process.once("beforeExit", () => {
    process.once("exit", () => process.exit());
  });
}

/** A full garbage collection of this process, as `node --expose-gc` would allow; made once per worker. */
function collector(): () => void {
  if (!collect) {
    setFlagsFromString("--expose-gc");
    const gc: unknown = runInNewContext("gc");
    if (typeof gc !== "function") throw new Error("node-environment: --expose-gc gave no gc function");
    collect = () => void gc();
  }
  return collect;
}

function collectIfLarge(): void {
  const used = process.memoryUsage().heapUsed;
  if (used < Math.max(COLLECT_ABOVE_BYTES, liveAfterCollecting * GROWTH_BEFORE_COLLECTING)) return;
  collector()();
  liveAfterCollecting = process.memoryUsage().heapUsed;
}

export default class NodeEnvironment extends TestEnvironment {
  /** The mark every process this file starts inherits (left-processes.ts). */
  private readonly runMark = newRunMark();
  private readonly testFile: string;
  private readonly measure?: FileMeasure;

  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    this.testFile = path.relative(args[0].projectConfig.rootDir, args[1].testPath);
    exitPromptlyOnceDrained();
    // Both environments: the worker's own, which a spawn without `env` passes on, and the file's copy of it, which
    // `{ ...process.env }` in a test reads.
    process.env[RUN_MARK_ENV] = this.runMark;
    const measured = FileMeasure.start(args[1].testPath);
    this.measure = measured.measure;
    const fileProcess: unknown = this.global.process;
    if (typeof fileProcess === "object" && fileProcess !== null && "env" in fileProcess) {
      const env = fileProcess.env;
      if (typeof env === "object" && env !== null)
        Object.assign(env, {
          [RUN_MARK_ENV]: this.runMark,
          ...(measured.path ? { PATH: measured.path } : {}),
        });
    }
    // The file's own count of what it starts in its realm (file-counts.ts).
    if (this.measure) holdFileCounts(this.global, this.measure.counts);
  }

  override async teardown(): Promise<void> {
    await super.teardown();
    if (process.env[RUN_MARK_ENV] === this.runMark) delete process.env[RUN_MARK_ENV];
    collectIfLarge();
    const left = await leftProcesses(this.runMark);
    this.measure?.finish(this.runMark);
    if (left.length > 0) throw leftProcessesError(this.testFile, left);
  }
}
