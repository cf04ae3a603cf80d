// Starts the plugin the two ways Pulumi does (docs/plugin.md#how-pulumi-starts-the-plugin): its folder's launcher
// executed directly, or the folder (PulumiPlugin.yaml) as Pulumi's Node.js language host runs it; and talks to the
// server it brings up.
import { spawn } from "node:child_process";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { GetSchemaRequest } from "@pulumi/pulumi/proto/provider_pb";

export interface RunningPlugin {
  port: number;
  client: ResourceProviderClient;
  /** What the process has written to stderr so far. */
  stderr(): string;
  pluginVersion(): Promise<string>;
  /** GetSchema's answer (schema version 0), parsed. */
  schema(): Promise<unknown>;
  stop(): void;
}

/**
 * pulumi/pulumi sdk/nodejs/cmd/pulumi-language-nodejs/main.go, RunPlugin: `node <@pulumi/pulumi/cmd/run-plugin,
 * located from the plugin folder> <plugin folder> <engine arguments>`, in the user's working directory `cwd`.
 */
export function startPluginFolder(folder: string, cwd: string): Promise<RunningPlugin> {
  const runPlugin = require.resolve("@pulumi/pulumi/cmd/run-plugin", { paths: [folder] });
  return startPluginProcess(process.execPath, [runPlugin, folder, "127.0.0.1:1"], cwd);
}

/**
 * pulumi/pulumi sdk/go/common/resource/plugin/plugin.go, ExecPlugin: an executable file at the plugin's path is
 * run directly with the engine's arguments, no language host involved.
 */
export function startPluginExecutable(executable: string, cwd: string): Promise<RunningPlugin> {
  return startPluginProcess(executable, ["127.0.0.1:1"], cwd);
}

async function startPluginProcess(command: string, args: string[], cwd: string): Promise<RunningPlugin> {
  const child = spawn(command, args, {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      let stdout = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        const line = /^(\d+)\n/.exec(stdout);
        if (line) resolve(Number(line[1]));
      });
      child.on("exit", (code) =>
        reject(new Error(`${command} exited (${code}) before printing a port: ${stderr}`)),
      );
    });
  } catch (error) {
    child.kill();
    throw error;
  }
  const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return {
    port,
    client,
    stderr: () => stderr,
    pluginVersion: () =>
      new Promise<string>((resolve, reject) =>
        client.getPluginInfo(new Empty(), (error, info) =>
          error ? reject(error) : resolve(info.getVersion()),
        ),
      ),
    schema: () =>
      new Promise<unknown>((resolve, reject) =>
        client.getSchema(new GetSchemaRequest().setVersion(0), (error, answer) =>
          error ? reject(error) : resolve(JSON.parse(answer.getSchema())),
        ),
      ),
    stop: () => {
      client.close();
      child.kill();
    },
  };
}
