#!/usr/bin/env node
// pulumi-resource-posthog-iac: the provider plugin the Pulumi engine starts. The engine runs it with its own
// address as the argument, and reads the port of the gRPC server from the first line of its stdout
// (pulumi/pulumi pkg/resource/plugin/plugin.go, newPlugin: "the plugin must print its port to stdout"). One
// process serves one provider instance: the engine loads a fresh plugin for each provider resource
// (pkg/resource/deploy/providers/registry.go, Registry.Check -> loadProvider), so an explicit provider's
// settings never mix with another's.
import * as grpc from "@grpc/grpc-js";
import { ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { providerService } from "./service";
import { engineAddress, logThroughEngine } from "../provider-kit/engine-log";

/**
 * Starts the server on a free local port and prints the port; resolves with it. Its warnings go to the engine
 * whose address is the first argument: the engine passes it to the executable, and the SDK's `run-plugin` sets
 * `process.argv` to the plugin's own arguments before calling this (sdk/nodejs/cmd/run-plugin/run.ts, run).
 */
export async function serve(): Promise<number> {
  const engine = engineAddress(process.argv.slice(2));
  if (engine) logThroughEngine(engine);
  const server = new grpc.Server({
    // Schemas and survey lists exceed gRPC's 4 MiB default; the SDK's own servers lift the limit the same way.
    "grpc.max_receive_message_length": 400 * 1024 * 1024,
    "grpc.max_send_message_length": 400 * 1024 * 1024,
  });
  server.addService(ResourceProviderService, providerService());
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  process.stdout.write(`${port}\n`);
  return port;
}

// Run as the executable, not required by run-plugin.ts. By file name: `npm run build` bundles this module
// (tools/bundle.js), and inside the bundle `module` is the bundle's record of it, never `require.main`.
if (require.main?.filename === __filename) {
  serve().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
