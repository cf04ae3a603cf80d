// The engine's own gRPC service (pulumirpc.Engine), as far as a provider uses it: Log. A provider process is
// started with this server's address as its first argument, as the engine starts it with its own
// (pulumi/pulumi sdk/go/common/resource/plugin/plugin.go, newPlugin), and its warnings arrive here, the only
// place the engine shows them at normal verbosity (pkg/host/host_server.go, hostServer.Log). A plugin's stderr
// is not a warning to the engine (plugin.go: debug output for a plugin, an unattributed info line for the
// dynamic provider), so the harness keeps it apart (`ProviderServer.stderr()`).
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { EngineService, type IEngineServer } from "@pulumi/pulumi/proto/engine_grpc_pb";
import { LogSeverity, type LogRequest } from "@pulumi/pulumi/proto/engine_pb";

export interface LoggedMessage {
  severity: "debug" | "info" | "warning" | "error";
  urn: string;
  message: string;
}

export interface EngineLogServer {
  address: string;
  messages(): LoggedMessage[];
  /** The messages as the CLI prints them at normal verbosity ("warning: …"), one a line; debug ones left out. */
  printed(): string;
  close(): Promise<void>;
}

const SEVERITY: Record<LogSeverity, LoggedMessage["severity"]> = {
  [LogSeverity.DEBUG]: "debug",
  [LogSeverity.INFO]: "info",
  [LogSeverity.WARNING]: "warning",
  [LogSeverity.ERROR]: "error",
};

export async function startEngineLogServer(): Promise<EngineLogServer> {
  const received: LoggedMessage[] = [];
  const server = new grpc.Server();
  // Only Log: grpc-js answers the Engine service's other calls UNIMPLEMENTED.
  const service: Pick<IEngineServer, "log"> = {
    log: (call: grpc.ServerUnaryCall<LogRequest, Empty>, callback: grpc.sendUnaryData<Empty>) => {
      received.push({
        severity: SEVERITY[call.request.getSeverity()],
        urn: call.request.getUrn(),
        message: call.request.getMessage(),
      });
      callback(null, new Empty());
    },
  };
  server.addService(EngineService, service);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    address: `127.0.0.1:${port}`,
    messages: () => [...received],
    printed: () =>
      received
        .filter((m) => m.severity !== "debug")
        .map((m) => `${m.severity}: ${m.message}\n`)
        .join(""),
    close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}
