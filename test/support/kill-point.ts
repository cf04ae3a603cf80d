// An `up` that dies after the Nth request PostHog received, as a cancelled CI job or a killed runner does.
//
// PostHog (the emulator) applies request N and never answers it; every later request is refused unapplied
// (connection reset), so nothing after N takes effect however the client retries. As soon as request N is in the
// emulator's log, the plugin process is killed (SIGKILL). The simulated engine then sees every call still in
// flight fail, and keeps what the real engine would have checkpointed (pkg/backend/snapshot.go, SnapshotManager):
// - a step that completed before the kill is saved (createSnapshotMutation/updateSnapshotMutation End);
// - a create in flight is lost: the real engine holds it only as a pending CREATE operation, which the next `up`
//   does not read (deployment_executor.go printPendingOperationsWarning only warns), so Create is called again;
// - an update or delete in flight keeps the old state (markDone(old) runs only on success);
// - a replaced resource whose replacement exists but whose delete was in flight stays, pending deletion, and the
//   next `up` deletes it (engine.ts, StateResource.pendingDelete).
// The state goes through a JSON file, so the next run (new plugin process, new engine) starts from it.
import { createEngine, Engine, Program, RunResult } from "./engine";
import { startProviderServer, ProviderServer } from "./provider-server";
import { REPO_ROOT, selfLinkNodePath } from "./self-link";
import type { LoggedRequest, TestStack } from "./stack";

/** A request PostHog answered (or applied and dropped); refused ones are logged with status 0. */
export const received = (requests: LoggedRequest[]): LoggedRequest[] => requests.filter((r) => r.status > 0);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh plugin process, as each `pulumi` run starts one, and an engine on `statePath`. */
export async function newRun(
  stack: TestStack,
  statePath: string,
): Promise<{ server: ProviderServer; engine: Engine }> {
  const server = await startProviderServer({ cwd: REPO_ROOT, env: { NODE_PATH: selfLinkNodePath() } });
  return { server, engine: createEngine({ server, config: stack.config, statePath }) };
}

export interface KilledRun {
  result: RunResult;
  /** Whether the run was still going when request N landed (false: it finished before reaching N). */
  killed: boolean;
  /** What the plugin wrote to stderr before it died. */
  stderr: string;
}

/** An operation (`up`, `destroy`, ...) from `statePath`, killed right after PostHog received request `n` (1-based). */
export async function killedAfter(
  stack: TestStack,
  statePath: string,
  n: number,
  operation: (engine: Engine) => Promise<RunResult>,
): Promise<KilledRun> {
  const before = received(await stack.requests()).length;
  const api = "^/api/";
  // The first fault fires on request n only, the second on every one after it. A fault counts only the requests
  // that reach it: the second never sees request n, on which the first fires.
  await stack.control("POST", "/faults", {
    faults: [
      { path: api, skip: before + n - 1, times: 1, commitThenDrop: true },
      { path: api, skip: before + n - 1, reset: true },
    ],
  });
  const { server, engine } = await newRun(stack, statePath);
  let settled = false;
  const run = operation(engine).finally(() => (settled = true));
  let killed = false;
  while (!settled) {
    if (received(await stack.requests()).length >= before + n) {
      process.kill(server.pid, "SIGKILL");
      killed = true;
      break;
    }
    await sleep(2);
  }
  const result = await run;
  const stderr = server.stderr();
  await server.close();
  await stack.control("DELETE", "/faults");
  return { result, killed, stderr };
}

/** `up` from `statePath`, killed right after PostHog received request `n`. */
export const upKilledAfter = (stack: TestStack, statePath: string, program: Program, n: number) =>
  killedAfter(stack, statePath, n, (engine) => engine.up(program));
