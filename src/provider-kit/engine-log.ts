// Delivers the provider's warnings and info messages the way `pulumi.log.warn` does: a `pulumirpc.Engine/Log`
// call to the engine that started the process, with the URN of the resource being worked on. The engine shows a
// provider plugin's stderr only as debug output: pulumi/pulumi sdk/go/common/resource/plugin/plugin.go, newPlugin,
// sets `unstructuredOutput` for every resource plugin but the dynamic ones (isDynamicPluginBinary), and its
// stderr reader then logs each line with `ctx.Diag.Debugf`, seen only at `-v=9`; a dynamic provider's stderr goes
// to `Infoerrf` with no URN. A Log call is shown at normal verbosity under the resource it names, or under the
// stack when the URN is empty (pkg/host/host_server.go, hostServer.Log; pkg/backend/display/progress.go).
//
// The SDK's own `pulumi.log` cannot be used from a provider process: it dials the address in the program's
// runtime settings (`PULUMI_NODEJS_ENGINE`), which a provider process does not have, and falls back to
// `console.warn`. Both faces receive the engine's address as their first argument instead (see engineAddress).
import { AsyncLocalStorage } from "node:async_hooks";
import * as grpc from "@grpc/grpc-js";
import { EngineService } from "@pulumi/pulumi/proto/engine_grpc_pb";
import { LogRequest, LogSeverity } from "@pulumi/pulumi/proto/engine_pb";
import { setMessageSink, type MessageSeverity } from "../scrub";
import { inDynamicProvider } from "./sdk-echo";
import { stopWritesWithoutEngine } from "./engine-alive";

const SEVERITY: { [S in MessageSeverity]: LogSeverity } = {
  warning: LogSeverity.WARNING,
  info: LogSeverity.INFO,
};

/** How long one Log call may wait for the engine; past it the message goes to stderr instead. */
const LOG_DEADLINE_MS = 10_000;

/** The resource each engine call works on, for the messages it logs. */
const currentUrn = new AsyncLocalStorage<string>();

/** Every message sent so far, delivered in order (each waits for the one before, as `pulumi.log` does). */
let delivery: Promise<void> = Promise.resolve();

/** The engine address the sink is connected to. */
let connectedTo: string | undefined;

/**
 * The engine's address among a provider's arguments: the first that is not a logging or tracing flag, as the
 * SDK's provider server reads them (sdk/nodejs/provider/internals.ts, parseArgs), since the engine puts
 * `--logtostderr`, `-v=N` and `--tracing <endpoint>` before it (plugin.go, buildPluginArguments).
 */
export function engineAddress(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--logtostderr" || arg.startsWith("-v=")) continue;
    if (arg === "--tracing") {
      i += 1;
      continue;
    }
    return arg;
  }
  return undefined;
}

/** The address of the engine this process logs through: the run it serves (both faces connect at start). */
export function engineConnectedTo(): string | undefined {
  return connectedTo;
}

/** From now on every warning and info message of this process goes to the engine at `address`. */
export function logThroughEngine(address: string): void {
  if (connectedTo === address) return;
  connectedTo = address;
  // The engine this process serves: with it gone, no more writes (engine-alive.ts).
  stopWritesWithoutEngine(address);
  // A client of this package's grpc-js, on the SDK's definition of the call: the SDK's own EngineClient is built
  // on the SDK's copy of grpc-js, which refuses credentials made by another copy (one install has both).
  const engine = new grpc.Client(address, grpc.credentials.createInsecure());
  const log = EngineService.log;
  setMessageSink((severity, text) => {
    const request = new LogRequest()
      .setSeverity(SEVERITY[severity])
      .setMessage(text)
      .setUrn(currentUrn.getStore() ?? "")
      .setEphemeral(false);
    delivery = delivery.then(
      () =>
        new Promise<void>((resolve) => {
          engine.makeUnaryRequest(
            log.path,
            log.requestSerialize,
            log.responseDeserialize,
            request,
            new grpc.Metadata(),
            { deadline: Date.now() + LOG_DEADLINE_MS },
            (error) => {
              // The engine did not take it (it is gone, or this is no engine): keep it in the debug log.
              if (error) process.stderr.write(`${severity}: ${text}\n`);
              resolve();
            },
          );
        }),
    );
  });
}

/**
 * On the dynamic face: when this process is the SDK's dynamic provider (sdk/nodejs/cmd/dynamic-provider/index.ts,
 * `main(process.argv.slice(2))`, whose first argument is the engine's address), log through that engine.
 * Elsewhere (a unit test, a program's own process) messages stay on stderr.
 */
export function logThroughEngineInDynamicProvider(): void {
  if (connectedTo !== undefined || !inDynamicProvider()) return;
  const address = engineAddress(process.argv.slice(2));
  if (address) logThroughEngine(address);
}

/** `run`'s answer once the messages it logged are delivered, so they reach the display before its step ends. */
export async function delivered<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } finally {
    await delivery;
  }
}

/** Runs one engine call whose messages name `urn` (empty: the stack), answering once they are delivered. */
export function forResource<T>(urn: string, run: () => Promise<T>): Promise<T> {
  return currentUrn.run(urn, () => delivered(run));
}
