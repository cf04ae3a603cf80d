// Spawns the SDK's own dynamic-provider gRPC server (the process the Pulumi engine
// would start for `pulumi-nodejs`) and talks to it with typed requests, field by
// field as the engine does (docs/contributing/pulumi-engine.md#provider-rpcs).
import { ChildProcess, spawn } from "child_process";
import * as path from "path";
import * as grpc from "@grpc/grpc-js";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { Props, toStruct } from "./values";
import { startEngineLogServer, type EngineLogServer, type LoggedMessage } from "./engine-log-server";
import { REPO_ROOT } from "./self-link";

export interface CheckFailure {
  property: string;
  reason: string;
}
export type DiffChanges = "none" | "some" | "unknown";
export interface DiffResult {
  changes: DiffChanges;
  replaces: string[];
  deleteBeforeReplace: boolean;
}
/** Decoded pulumirpc.ErrorResourceInitFailed: the resource exists (id) but failed to initialise. */
export interface InitFailure {
  id: string;
  outputs: Props;
  inputs?: Props;
  reasons: string[];
}

/** A failed RPC: `message` is the provider's own error message. */
export class ProviderCallError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly initFailure?: InitFailure,
  ) {
    super(message);
    this.name = "ProviderCallError";
  }
}

export interface ProviderServer {
  port: number;
  pid: number;
  configure(config: Record<string, string>): Promise<void>;
  check(urn: string, olds: Props, news: Props): Promise<{ inputs: Props; failures: CheckFailure[] }>;
  diff(id: string, urn: string, oldOutputs: Props, oldInputs: Props, news: Props): Promise<DiffResult>;
  create(urn: string, props: Props): Promise<{ id: string; outputs: Props }>;
  update(
    id: string,
    urn: string,
    oldOutputs: Props,
    oldInputs: Props,
    news: Props,
  ): Promise<{ outputs: Props }>;
  read(
    id: string,
    urn: string,
    outputs: Props,
    inputs: Props,
  ): Promise<{ id: string; outputs: Props; inputs?: Props }>;
  delete(id: string, urn: string, outputs: Props, oldInputs: Props): Promise<void>;
  /**
   * What the plugin process has written to stderr: debug output, which the engine shows only at `-v=9` (never a
   * warning; see engine-log-server.ts).
   */
  stderr(): string;
  /** The warnings and info messages the provider logged to the engine, as the CLI prints them ("warning: …"). */
  engineLog(): string;
  /** The same, each with its severity and the URN it names. */
  logged(): LoggedMessage[];
  /** The engine's Cancel, as it sends it to every provider when a run is cancelled (a single Ctrl-C). */
  cancel(): Promise<void>;
  /**
   * Before an operation (each `pulumi` command starts its own plugin process): a process that has served calls is
   * ended and a new one started in its place, so nothing a provider keeps in its module state (list caches,
   * claims) outlives the run it belongs to. True when a new process was started (it must be configured again);
   * false when this one has served nothing yet. What the processes logged and wrote to stderr accumulates.
   */
  startRun(): Promise<boolean>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Working directory of the child: its node_modules resolve the shim's require(...)s. */
  cwd?: string;
  /** Extra environment, merged over this process's environment. */
  env?: Record<string, string>;
  /** PULUMI_NODEJS_PROJECT (the namespace for un-namespaced config keys). Default "project". */
  project?: string;
}

const DYNAMIC_PROVIDER_MAIN = require.resolve("@pulumi/pulumi/cmd/dynamic-provider");

/**
 * The engine's channel to a plugin: a reply of up to 400 MiB, not gRPC's 4 MiB default (pulumi/pulumi
 * sdk/go/common/util/rpcutil, GrpcChannelOptions dials with MaxCallRecvMsgSize(maxRPCMessageSize); sending is
 * unlimited in both Go's gRPC and grpc-js), so a large reply the real engine accepts is not refused by the harness.
 */
export const ENGINE_CHANNEL_OPTIONS: grpc.ChannelOptions = {
  "grpc.max_receive_message_length": 400 * 1024 * 1024,
};

export async function startProviderServer(opts: StartOptions = {}): Promise<ProviderServer> {
  return new GrpcProviderServer(await spawnPlugin(DYNAMIC_PROVIDER_MAIN, opts), () =>
    spawnPlugin(DYNAMIC_PROVIDER_MAIN, opts),
  );
}

/** A started plugin process: the child, the port it serves on, and the harness engine its warnings reach. */
export interface PluginProcess {
  child: ChildProcess;
  port: number;
  engine: EngineLogServer;
}

/**
 * Preloaded in each plugin: the SDK's @npmcli/arborist and typescript loaded on first use, not at start (the file
 * says why; the real CLI's plugins, in test/cli, start without it).
 */
const LAZY_SDK = path.join(REPO_ROOT, "test", "setup", "lazy-sdk-preload.js");

/**
 * Starts a provider plugin as the engine does (pulumi/pulumi pkg/resource/plugin/plugin.go, newPlugin): the
 * executable with the engine's address as its argument, its port read from stdout. The address is a harness
 * engine serving Log (engine-log-server.ts), where the plugin's warnings arrive.
 */
export async function spawnPlugin(main: string, opts: StartOptions = {}): Promise<PluginProcess> {
  const engine = await startEngineLogServer();
  const child = spawn(process.execPath, ["--require", LAZY_SDK, main, engine.address], {
    cwd: opts.cwd ?? process.cwd(),
    env: { ...process.env, ...opts.env, PULUMI_NODEJS_PROJECT: opts.project ?? "project" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  stderrOf(child); // collected from the start, for ProviderServer.stderr()
  child.once("exit", () => void engine.close());
  return { child, port: await readPort(child), engine };
}

/** What the child has written to stderr so far (collected from the spawn on). */
export const stderrOf = (() => {
  const seen = new WeakMap<ChildProcess, () => string>();
  return (child: ChildProcess): (() => string) => {
    let reader = seen.get(child);
    if (!reader) {
      let text = "";
      child.stderr?.on("data", (d: Buffer) => (text += d.toString()));
      reader = () => text;
      seen.set(child, reader);
    }
    return reader;
  };
})();

/** The server prints its port on its own stdout line; stderr is kept for the error message. */
export function readPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const fail = (why: string) => reject(new Error(`provider plugin did not start: ${why}\n${err}`));
    child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /^(\d+)\s*$/m.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on("error", (e) => fail(e.message));
    child.on("exit", (code) => fail(`exited with ${code}`));
  });
}

type Callback<Res> = (err: grpc.ServiceError | null, res: Res) => void;

export class GrpcProviderServer implements ProviderServer {
  protected child: ChildProcess;
  protected client: ResourceProviderClient;
  protected engine: EngineLogServer;
  port: number;
  /** Whether the current process has served a call (then the next run starts another). */
  private used = false;
  /** What the ended processes logged and wrote to stderr, ahead of the current one's. */
  private earlierLog = "";
  private earlierMessages: LoggedMessage[] = [];
  private earlierStderr = "";

  constructor(
    started: PluginProcess,
    /** Starts another process like this one (pulumi/pulumi pkg/host/host.go, defaultHost.Provider: each load of
     * a provider is a new plugin process, and each `pulumi` command loads its providers afresh). */
    private readonly respawn: () => Promise<PluginProcess>,
  ) {
    this.child = started.child;
    this.port = started.port;
    this.engine = started.engine;
    this.client = clientFor(started.port);
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  stderr(): string {
    return this.earlierStderr + stderrOf(this.child)();
  }

  async cancel(): Promise<void> {
    await this.call((cb) => this.client.cancel(new Empty(), cb));
  }

  engineLog(): string {
    return this.earlierLog + this.engine.printed();
  }

  logged(): LoggedMessage[] {
    return [...this.earlierMessages, ...this.engine.messages()];
  }

  /** The replacement under way, which every operation that starts meanwhile shares. */
  private replacing: Promise<boolean> | undefined;

  /**
   * Operations an engine runs at once (`Promise.all` of an up and a preview, or of five engines on one server) share
   * one new process: each starting its own left all but the last one assigned here running, never closed (issue 51:
   * the `dynamic-provider` processes every `npm test` left behind).
   */
  startRun(): Promise<boolean> {
    this.replacing ??= this.replaceProcess().finally(() => {
      this.replacing = undefined;
    });
    return this.replacing;
  }

  private async replaceProcess(): Promise<boolean> {
    if (!this.used) return false;
    const [log, messages, stderr] = [this.engine.printed(), this.engine.messages(), stderrOf(this.child)()];
    await this.endProcess();
    this.earlierLog += log;
    this.earlierMessages.push(...messages);
    this.earlierStderr += stderr;
    const started = await this.respawn();
    this.child = started.child;
    this.port = started.port;
    this.engine = started.engine;
    this.client = clientFor(started.port);
    this.used = false;
    await this.started();
    return true;
  }

  /** What the engine does right after starting the process, before any other call (nothing for this server). */
  protected async started(): Promise<void> {}

  protected call<Res>(invoke: (cb: Callback<Res>) => unknown): Promise<Res> {
    this.used = true;
    return new Promise((resolve, reject) => {
      invoke((err, res) => (err ? reject(decodeError(err)) : resolve(res)));
    });
  }

  async configure(config: Record<string, string>): Promise<void> {
    const req = new pb.ConfigureRequest();
    req.setArgs(toStruct(config));
    req.setAcceptsecrets(true);
    req.setAcceptresources(true);
    req.setSendsOldInputs(true);
    req.setSendsOldInputsToDelete(true);
    await this.call<pb.ConfigureResponse>((cb) => this.client.configure(req, cb));
  }

  async check(urn: string, olds: Props, news: Props) {
    const req = new pb.CheckRequest();
    req.setUrn(urn);
    req.setOlds(toStruct(olds));
    req.setNews(toStruct(news));
    const res = await this.call<pb.CheckResponse>((cb) => this.client.check(req, cb));
    return {
      inputs: fromStruct(res.getInputs()),
      failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diff(id: string, urn: string, oldOutputs: Props, oldInputs: Props, news: Props): Promise<DiffResult> {
    const req = new pb.DiffRequest();
    req.setId(id);
    req.setUrn(urn);
    req.setOlds(toStruct(oldOutputs));
    req.setOldInputs(toStruct(oldInputs));
    req.setNews(toStruct(news));
    return diffResultOf(await this.call<pb.DiffResponse>((cb) => this.client.diff(req, cb)));
  }

  async create(urn: string, props: Props) {
    const req = new pb.CreateRequest();
    req.setUrn(urn);
    req.setProperties(toStruct(props));
    const res = await this.call<pb.CreateResponse>((cb) => this.client.create(req, cb));
    return { id: res.getId(), outputs: fromStruct(res.getProperties()) };
  }

  async update(id: string, urn: string, oldOutputs: Props, oldInputs: Props, news: Props) {
    const req = new pb.UpdateRequest();
    req.setId(id);
    req.setUrn(urn);
    req.setOlds(toStruct(oldOutputs));
    req.setOldInputs(toStruct(oldInputs));
    req.setNews(toStruct(news));
    const res = await this.call<pb.UpdateResponse>((cb) => this.client.update(req, cb));
    return { outputs: fromStruct(res.getProperties()) };
  }

  async read(id: string, urn: string, outputs: Props, inputs: Props) {
    const req = new pb.ReadRequest();
    req.setId(id);
    req.setUrn(urn);
    req.setProperties(toStruct(outputs));
    req.setInputs(toStruct(inputs));
    const res = await this.call<pb.ReadResponse>((cb) => this.client.read(req, cb));
    const returnedInputs = res.getInputs();
    return {
      id: res.getId(),
      outputs: fromStruct(res.getProperties()),
      ...(returnedInputs ? { inputs: fromStruct(returnedInputs) } : {}),
    };
  }

  async delete(id: string, urn: string, outputs: Props, oldInputs: Props) {
    const req = new pb.DeleteRequest();
    req.setId(id);
    req.setUrn(urn);
    req.setProperties(toStruct(outputs));
    req.setOldInputs(toStruct(oldInputs));
    await this.call((cb) => this.client.delete(req, cb));
  }

  async close(): Promise<void> {
    await this.endProcess();
  }

  private async endProcess(): Promise<void> {
    this.client.close();
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
      this.child.kill("SIGTERM");
      await exited;
    }
    await this.engine.close();
  }
}

function clientFor(port: number): ResourceProviderClient {
  return new ResourceProviderClient(
    `127.0.0.1:${port}`,
    grpc.credentials.createInsecure(),
    ENGINE_CHANNEL_OPTIONS,
  );
}

/** A Diff (or DiffConfig) answer as the harness reports it. */
export function diffResultOf(res: pb.DiffResponse): DiffResult {
  const C = pb.DiffResponse.DiffChanges;
  const changes = res.getChanges();
  return {
    changes: changes === C.DIFF_SOME ? "some" : changes === C.DIFF_NONE ? "none" : "unknown",
    replaces: res.getReplacesList(),
    deleteBeforeReplace: res.getDeletebeforereplace(),
  };
}

export function fromStruct(s: Struct | undefined): Props {
  return s ? (s.toJavaScript() as Props) : {};
}

/** Turns a grpc error into ProviderCallError, unpacking ErrorResourceInitFailed from the status details trailer. */
function decodeError(err: grpc.ServiceError): ProviderCallError {
  let initFailure: InitFailure | undefined;
  for (const raw of err.metadata?.get("grpc-status-details-bin") ?? []) {
    const status = Status.deserializeBinary(typeof raw === "string" ? Buffer.from(raw, "base64") : raw);
    for (const any of status.getDetailsList()) {
      const detail = any.unpack(
        pb.ErrorResourceInitFailed.deserializeBinary,
        "pulumirpc.ErrorResourceInitFailed",
      );
      if (!detail) continue;
      const inputs = detail.getInputs();
      initFailure = {
        id: detail.getId(),
        outputs: fromStruct(detail.getProperties()),
        ...(inputs ? { inputs: fromStruct(inputs) } : {}),
        reasons: detail.getReasonsList(),
      };
    }
  }
  // grpc-js prefixes "2 UNKNOWN: "; `details` is the provider's own message.
  return new ProviderCallError(err.details || err.message, err.code, initFailure);
}
