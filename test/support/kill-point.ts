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

const startRunServer = () => startProviderServer({ cwd: REPO_ROOT, env: { NODE_PATH: selfLinkNodePath() } });

/**
 * Plugin processes started one ahead: a run takes one that is already up while the next one starts. A start
 * loads the SDK (seconds on a loaded machine), so overlapping it with the previous run's network waits keeps a
 * test that starts dozens of processes within its budget. Each process still serves one run only.
 */
export class PluginPool {
  private next: Promise<ProviderServer> | undefined;
  private closed = false;

  /** A started plugin process of its own, never handed out twice; the next one starts now. */
  take(): Promise<ProviderServer> {
    if (this.closed) return Promise.reject(new Error("the plugin pool is closed"));
    const taken = this.next ?? startRunServer();
    this.next = startRunServer();
    // A spare that failed to start is reported by the take() that gets it, not as an unhandled rejection.
    this.next.catch(() => undefined);
    return taken;
  }

  /** Ends the spare process (the taken ones are their runs' to close). */
  async close(): Promise<void> {
    this.closed = true;
    const spare = this.next;
    this.next = undefined;
    await spare?.then((server) => server.close()).catch(() => undefined);
  }
}

/**
 * A fresh plugin process, as each `pulumi` run starts one (from `pool` when given), and an engine on
 * `statePath`. The engine reads the state file here, so a process taken from a pool early sees the state as it is
 * at this call.
 */
export async function newRun(
  stack: TestStack,
  statePath: string,
  pool?: PluginPool,
): Promise<{ server: ProviderServer; engine: Engine }> {
  const server = await (pool ? pool.take() : startRunServer());
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
  pool?: PluginPool,
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
  const { server, engine } = await newRun(stack, statePath, pool);
  let settled = false;
  const run = operation(engine).finally(() => (settled = true));
  let killed = false;
  while (!settled) {
    if (received(await stack.requests()).length >= before + n) {
      process.kill(server.pid, "SIGKILL");
      killed = true;
      break;
    }
    // The faults make sure nothing after request N takes effect, however late the kill: this poll only ends the
    // run early, so it can be slow enough to leave the CPU to the plugin and the emulator on a loaded machine.
    await sleep(20);
  }
  const result = await run;
  // Request N may be the run's last, and its dropped answer may end the run before the poll above looks: the run
  // still reached N while going, and the faults kept anything after N from taking effect.
  if (!killed && received(await stack.requests()).length >= before + n) killed = true;
  const stderr = server.stderr();
  await server.close();
  await stack.control("DELETE", "/faults");
  return { result, killed, stderr };
}

/** `up` from `statePath`, killed right after PostHog received request `n`. */
export const upKilledAfter = (stack: TestStack, statePath: string, program: Program, n: number) =>
  killedAfter(stack, statePath, n, (engine) => engine.up(program));
