// Loads an example's index.ts as a harness program: each run evaluates the file afresh (as `pulumi up` runs it
// in a new process), and its top-level exports become the stack outputs. Plus the lifecycle every example
// test walks: preview -> up -> no-op preview -> (example checks) -> destroy.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Engine, Program, RunResult } from "../support";
import { REPO_ROOT } from "../support/self-link";
import { startStack, type LoggedRequest, type TestStack } from "../support/stack";

/** Modules every run shares: one SDK (its runtime state is process-wide) and one copy of the package. */
const SHARED_MODULES = ["@pulumi/pulumi", "pulumi-posthog"];

export function exampleProgram(name: string, file = "index.ts"): Program {
  return programFromFile(path.join(REPO_ROOT, "examples", name, file));
}

/** Any program file (absolute path) whose top-level code declares resources and exports stack outputs. */
export function programFromFile(entry: string): Program {
  const shared = SHARED_MODULES.map((id) => [id, jest.requireActual<object>(id)] as const);
  return () => {
    let exported: Record<string, unknown> = {};
    jest.isolateModules(() => {
      // Only the example's own files are evaluated afresh; reloading the SDK each run would cost seconds.
      for (const [id, actual] of shared) jest.doMock(id, () => actual);
      exported = require(entry) as Record<string, unknown>;
    });
    return { ...exported };
  };
}

/**
 * An engine for one example's stack: its project name scopes `new pulumi.Config()`, as Pulumi.yaml's name does.
 * Engines given the same `statePath` share one state file (a config change between runs keeps the state).
 */
export function exampleEngine(
  stack: TestStack,
  project: string,
  config: Record<string, string> = {},
  statePath?: string,
): Engine {
  return stack.newEngine({ project, stack: "test", config: { ...stack.config, ...config }, statePath });
}

/** A fresh state file path in a temporary folder (removed with `removeStateDir`). */
export function tempStatePath(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "posthog-example-")), "state.json");
}

export function removeStateDir(statePath: string): void {
  fs.rmSync(path.dirname(statePath), { recursive: true, force: true });
}

/** `[name, op]` per step, sorted by name (steps finish in any order). */
export const ops = (result: RunResult): [string, string][] =>
  result.steps.map((s): [string, string] => [s.name, s.op]).sort((a, b) => a[0].localeCompare(b[0]));

export const writes = (requests: LoggedRequest[]) => requests.filter((r) => r.method !== "GET");

export interface EmulatorDump {
  surveys: { id: string; name: string; [key: string]: unknown }[];
  invites: { id: string; target_email: string; [key: string]: unknown }[];
  flags: { id: number; key: string }[];
}

export const dump = (stack: TestStack) => stack.control<EmulatorDump>("GET", "/state");

/**
 * preview (creates only, no writes) -> up (no errors) -> preview (every step "same", no writes).
 * Returns the up result, with the requests PostHog received during the up, for example-specific checks.
 */
export async function previewUpNoop(
  stack: TestStack,
  engine: Engine,
  program: Program,
  expectedNames: string[],
): Promise<RunResult & { requests: LoggedRequest[] }> {
  await stack.clearRequests();
  const preview = await engine.preview(program);
  expect(preview.errors).toEqual([]);
  expect(ops(preview)).toEqual([...expectedNames].sort().map((name) => [name, "create"]));
  expect(writes(await stack.requests())).toEqual([]);

  const up = await engine.up(program);
  expect(up.errors).toEqual([]);
  expect(ops(up)).toEqual([...expectedNames].sort().map((name) => [name, "create"]));
  const requests = await stack.requests();

  await stack.clearRequests();
  const noop = await engine.preview(program);
  expect(noop.errors).toEqual([]);
  expect(noop.steps.map((s) => s.op)).toEqual(expectedNames.map(() => "same"));
  expect(writes(await stack.requests())).toEqual([]);
  return { ...up, requests };
}

/** destroy deletes everything the example created and leaves the state empty. */
export async function destroyAll(stack: TestStack, engine: Engine): Promise<void> {
  const count = engine.state().length;
  const destroy = await engine.destroy();
  expect(destroy.errors).toEqual([]);
  expect(destroy.steps.filter((s) => s.op === "delete")).toHaveLength(count);
  expect(engine.state()).toEqual([]);
}

/**
 * One stack for an example's test file, PostHog reset before each test: registers the hooks and returns a stack
 * that forwards to the one beforeAll starts.
 */
export function useStack(): TestStack {
  let started: TestStack | undefined;
  const current = (): TestStack => {
    if (!started) throw new Error("the stack starts in beforeAll: use it inside a test or hook");
    return started;
  };
  beforeAll(async () => {
    started = await startStack();
  });
  afterAll(async () => started?.close());
  beforeEach(async () => {
    await current().control("POST", "/reset");
  });
  return {
    get url() {
      return current().url;
    },
    get apiKey() {
      return current().apiKey;
    },
    get projectId() {
      return current().projectId;
    },
    get organizationId() {
      return current().organizationId;
    },
    get server() {
      return current().server;
    },
    get engine() {
      return current().engine;
    },
    get config() {
      return current().config;
    },
    newEngine: (opts) => current().newEngine(opts),
    control: <T>(method: string, route: string, body?: unknown) => current().control<T>(method, route, body),
    api: <T>(method: string, route: string, body?: unknown) => current().api<T>(method, route, body),
    requests: () => current().requests(),
    clearRequests: () => current().clearRequests(),
    close: () => current().close(),
  };
}
