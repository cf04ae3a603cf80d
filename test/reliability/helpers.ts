// Shared by the reliability tests: a stack whose plugin output is captured and which authenticates with a
// freshly minted random key (so any leak is unmistakable), engines whose every result is kept for the secret
// scan, and the emulator's own view of what exists.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createEngine, Engine, RunResult } from "../support/engine";
import { startPluginServer } from "../support/plugin-server";
import { ProviderServer, startProviderServer } from "../support/provider-server";
import { REPO_ROOT, selfLinkNodePath } from "../support/self-link";
import { pluginRouting, startStack, TestStack } from "../support/stack";

export interface EmulatorSurvey {
  id: string;
  name: string;
  description: string;
}
export interface EmulatorInvite {
  id: string;
  target_email: string;
  first_name: string;
}
export interface EmulatorState {
  surveys: EmulatorSurvey[];
  invites: EmulatorInvite[];
}

export interface ReliabilityOptions {
  parallelism?: number;
  /** Extra environment for the plugin. */
  env?: Record<string, string>;
}

export interface EngineOptions {
  parallelism?: number;
  /** Replaces the whole stack config (posthog:*). */
  config?: Record<string, string>;
  /** JSON state file; two engines given the same file share state, as two `pulumi` runs would. */
  statePath?: string;
}

/** A provider plugin process. The SDK configures each provider once per process, so a test that needs other
 *  credentials needs another plugin, not just another Configure call. */
export interface Plugin {
  server: ProviderServer;
  newEngine(opts?: EngineOptions): Engine;
}

export interface ReliabilityStack extends Plugin {
  stack: TestStack;
  /** The personal key (scope *) the plugin authenticates with, minted for this stack. */
  apiKey: string;
  /** Stack config (posthog:*), with the minted key. */
  config: Record<string, string>;
  /** Another plugin process on the same emulator, output captured too; closed with the stack. */
  newPlugin(env?: Record<string, string>): Promise<Plugin>;
  /** A fresh path for an engine state file, removed with the stack. */
  statePath(name: string): string;
  emulatorState(): Promise<EmulatorState>;
  /** Everything the plugin processes wrote to stdout and stderr so far. */
  pluginOutput(): string;
  /** Keeps a value (an error message, a result) for the secret scan. */
  remember(value: unknown): void;
  /** Adds another credential to the secret scan (a scoped or invalid key a test configures). */
  watchKey(key: string): void;
  /**
   * Fails if a key appears in any engine state (inputs, outputs, __provider), run result or error message,
   * remembered value, the plugins' stdout/stderr, or the emulator's request log (paths, queries, bodies).
   */
  expectNoKeyLeaked(): Promise<void>;
  close(): Promise<void>;
}

const CAPTURE = path.join(__dirname, "capture-output.js");

export async function startReliabilityStack(opts: ReliabilityOptions = {}): Promise<ReliabilityStack> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-reliability-"));
  const outputFile = path.join(dir, "plugin-output.log");
  fs.writeFileSync(outputFile, "");
  const captureEnv = (env: Record<string, string> = {}) => ({
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${CAPTURE}`.trim(),
    PULUMI_POSTHOG_TEST_OUTPUT: outputFile,
    ...opts.env,
    ...env,
  });
  const stack = await startStack({ parallelism: opts.parallelism, env: captureEnv() });
  const { key } = await stack.control<{ key: string }>("POST", "/keys", { scopes: ["*"] });
  const config = { ...stack.config, "posthog:apiKey": key };
  const keys = [key, stack.apiKey];
  const engines: Engine[] = [];
  const seen: unknown[] = [];
  const extraServers: ProviderServer[] = [];

  const track = (engine: Engine): Engine => {
    const keep = async (run: Promise<RunResult>) => {
      const result = await run;
      seen.push(result);
      return result;
    };
    engines.push(engine);
    return {
      preview: (program) => keep(engine.preview(program)),
      up: (program) => keep(engine.up(program)),
      refresh: () => keep(engine.refresh()),
      destroy: () => keep(engine.destroy()),
      import: (type, name, id) => keep(engine.import(type, name, id)),
      state: () => engine.state(),
      stackMark: () => engine.stackMark(),
    };
  };
  const engineOn =
    (server: ProviderServer) =>
    (more: EngineOptions = {}) =>
      track(
        createEngine({
          server,
          config: more.config ?? config,
          parallelism: more.parallelism ?? opts.parallelism,
          statePath: more.statePath,
        }),
      );
  const pluginOutput = () => fs.readFileSync(outputFile, "utf8");

  return {
    stack,
    server: stack.server,
    apiKey: key,
    config,
    newEngine: engineOn(stack.server),
    newPlugin: async (env) => {
      const server = await startProviderServer({
        cwd: REPO_ROOT,
        env: { NODE_PATH: selfLinkNodePath(), ...captureEnv(env) },
      });
      extraServers.push(server);
      return { server, newEngine: engineOn(server) };
    },
    statePath: (name) => path.join(dir, `${name}.state.json`),
    emulatorState: () => stack.control<EmulatorState>("GET", "/state"),
    pluginOutput,
    remember: (value) => seen.push(value),
    watchKey: (other) => keys.push(other),
    expectNoKeyLeaked: async () => {
      const places: [string, string][] = [
        ["plugin stdout/stderr", pluginOutput()],
        ...[stack.server, ...extraServers].map((s, i): [string, string] => [
          `engine log ${i} (warnings and info)`,
          s.engineLog(),
        ]),
        ["emulator request log", JSON.stringify(await stack.requests())],
        ...engines.map((e, i): [string, string] => [
          `engine ${i} state (inputs, outputs, __provider)`,
          JSON.stringify(e.state()),
        ]),
        ...seen.map((v, i): [string, string] => [
          `result or error ${i}`,
          typeof v === "string" ? v : JSON.stringify(v),
        ]),
      ];
      // Names the place, never the key, so a failing test does not print it either.
      const leaks = places.filter(([, text]) => keys.some((k) => text.includes(k))).map(([where]) => where);
      expect(leaks).toEqual([]);
    },
    close: async () => {
      await Promise.all(extraServers.map((s) => s.close()));
      await stack.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A slug safe in names and emails: "429 + Retry-After" -> "429-retry-after". */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A provider process of the face of its own (each credential needs one, as each run of the real engine starts
 * one), with no POSTHOG_* key or host in its environment so that only `config` counts, configured by the engine
 * with `config`. `closers` gets the process's close.
 */
export async function engineOnFreshProvider(
  face: "dynamic" | "plugin",
  config: Record<string, string>,
  closers: (() => Promise<void>)[],
): Promise<Engine> {
  const start = {
    cwd: REPO_ROOT,
    env: {
      NODE_PATH: selfLinkNodePath(),
      POSTHOG_API_KEY: "",
      POSTHOG_PERSONAL_API_KEY: "",
      POSTHOG_HOST: "",
    },
  };
  const server: ProviderServer =
    face === "dynamic" ? await startProviderServer(start) : await startPluginServer(start);
  closers.push(() => server.close());
  return createEngine({
    server,
    config,
    ...(face === "plugin" && "invoke" in server ? { routing: pluginRouting(server as never) } : {}),
  });
}
