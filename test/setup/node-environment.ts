// jest.config.js's test environment for every project: jest's own node environment, plus one change to how a jest
// worker process ends.
//
// Why: jest ends a worker by removing its IPC listener and waiting for the process to leave on its own; if the
// worker has not exited 500 ms later, jest kills it and prints "A worker process has failed to exit gracefully"
// (jest-worker, BaseWorkerPool.end and FORCE_EXIT_DELAY; processChild.js, exitProcess). Our workers reach their
// 'exit' event within a few milliseconds of that request, with nothing left open, but Node then tears down the whole
// isolate, a heap of up to ~1 GB of garbage after a run, and on two cores at load 8 and more that took 0.6-0.8 s.
// So once the event loop has drained, the worker leaves with process.exit, which ends the process without that
// teardown. A test that leaks a server, socket or timer still keeps the loop alive, never reaches 'beforeExit', and
// is still reported by jest as before.
import { TestEnvironment } from "jest-environment-node";

let armed = false;

/** Makes this worker process leave at once, without the isolate's teardown, after its last 'exit' listener. */
function exitPromptlyOnceDrained(): void {
  if (armed) return;
  armed = true;
  // 'beforeExit' fires only when the event loop is empty, which in a jest worker is after jest's end request. The
  // 'exit' listener is added then, so that it runs after every listener anything else added before.
  process.once("beforeExit", () => {
    process.once("exit", (code) => process.exit(code));
  });
}

export default class NodeEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    exitPromptlyOnceDrained();
  }
}
