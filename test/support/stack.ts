// One test "stack": the emulator, the real dynamic-provider plugin pointed at it, and a simulated engine,
// plus the emulator's test controls. Shared by the resource, example and reliability tests.
import { startEmulator, type EmulatorOptions } from "posthog-emulator";
import { startEmulatorProcess } from "./emulator-process";
import { emulatorCall } from "./fresh-connection";
import { createEngine, Engine, EngineOptions } from "./engine";
import { ProviderServer, startProviderServer } from "./provider-server";
import { PluginServer, startPluginServer } from "./plugin-server";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import { REPO_ROOT, selfLinkNodePath } from "./self-link";

export interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  query: string;
  status: number;
  time: string;
  body: unknown;
}

export interface TestStack {
  url: string;
  apiKey: string;
  projectId: number;
  organizationId: string;
  server: ProviderServer;
  engine: Engine;
  /** The stack config sent to Configure (`posthog:*`). */
  config: Record<string, string>;
  /** A fresh engine (new state) on the same plugin and emulator. */
  newEngine(opts?: Partial<EngineOptions>): Engine;
  /** Calls a `/_emulator/...` control with the admin key. */
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** Calls the PostHog API directly (outside Pulumi), as a person in the UI would. */
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  close(): Promise<void>;
}

export interface StackOptions {
  parallelism?: number;
  /** Extra config keys; `posthog:*` defaults point at the emulator. */
  config?: Record<string, string>;
  /** Extra environment for the plugin process. */
  env?: Record<string, string>;
  statePath?: string;
  /** Run the emulator in its own process (needs dist) rather than in this one, as benchmarks do. */
  emulatorProcess?: boolean;
  /** Options for the in-process emulator, e.g. a state file to start from and the clock it starts at. */
  emulator?: Omit<EmulatorOptions, "port">;
  /**
   * Which face serves the resources: the dynamic providers (default; config `posthog:*`), or the provider
   * plugin (config `posthog-iac:*` for its default provider, resources and invokes of the `posthog-iac` tokens).
   */
  face?: "dynamic" | "plugin";
}

export async function startStack(opts: StackOptions = {}): Promise<TestStack> {
  const emulator = opts.emulatorProcess
    ? await startEmulatorProcess()
    : await startEmulator({ ...opts.emulator, port: 0 });
  const plugin = opts.face === "plugin";
  const ns = plugin ? PACKAGE_NAME : "posthog";
  const config: Record<string, string> = {
    [`${ns}:host`]: emulator.url,
    [`${ns}:apiKey`]: emulator.apiKey,
    [`${ns}:projectId`]: String(emulator.projectId),
    [`${ns}:organizationId`]: emulator.organizationId,
    // Tests measure requests, not pacing: keep the plugin unthrottled unless a test asks otherwise (the
    // emulator enforces no rate limit unless told to).
    [`${ns}:requestsPerSecond`]: "0",
    [`${ns}:rateWindows`]: "off",
    // Each test counts the requests its resources make; the run's one check of the key and host
    // (provider-kit/key-check.ts) has its own tests (test/reliability/key-check.test.ts).
    [`${ns}:checkKeyAndHost`]: "false",
    ...opts.config,
  };
  const start = { cwd: REPO_ROOT, env: { NODE_PATH: selfLinkNodePath(), ...opts.env } };
  const server = plugin ? await startPluginServer(start) : await startProviderServer(start);
  const routing = server instanceof PluginServer ? pluginRouting(server) : undefined;
  const newEngine = (more: Partial<EngineOptions> = {}) =>
    createEngine({
      server,
      config,
      parallelism: opts.parallelism,
      statePath: opts.statePath,
      ...(routing ? { routing } : {}),
      ...more,
    });

  const call = (method: string, path: string, body?: unknown) =>
    emulatorCall(emulator.url, emulator.apiKey, method, path, body);
  const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await call(method, `/_emulator${path}`, body);
    if (res.status >= 400)
      throw new Error(`emulator control ${method} ${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };

  return {
    url: emulator.url,
    apiKey: emulator.apiKey,
    projectId: emulator.projectId,
    organizationId: emulator.organizationId,
    server,
    config,
    engine: newEngine(),
    newEngine,
    control,
    api: async <T>(method: string, path: string, body?: unknown) =>
      (await call(method, path, body)) as { status: number; body: T },
    requests: async () => (await control<{ requests: LoggedRequest[] }>("GET", "/requests")).requests,
    clearRequests: async () => {
      await control("DELETE", "/requests");
    },
    close: async () => {
      await server.close();
      await emulator.close();
    },
  };
}

/** The plugin's own types and invokes go to its default provider. */
export function pluginRouting(server: PluginServer): NonNullable<EngineOptions["routing"]> {
  return {
    handles: (type) => type.startsWith(`${PACKAGE_NAME}:`),
    server: () => server,
    call: (args) => server.invoke(args.token, args.inputs),
  };
}
