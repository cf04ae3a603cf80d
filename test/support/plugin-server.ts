// The package's own provider plugin (pulumi-resource-posthog-iac), started and driven as the engine drives a
// provider plugin (pulumi/pulumi pkg/resource/plugin/provider_plugin.go): Handshake right after the start,
// CheckConfig with plain values and Configure with the checked inputs, secrets marked; then the resource calls,
// which are the same RPCs the dynamic-provider server takes (GrpcProviderServer).
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import {
  CheckFailure,
  DiffResult,
  diffResultOf,
  GrpcProviderServer,
  StartOptions,
  fromStruct,
  spawnPlugin,
} from "./provider-server";
import { Props, toStruct } from "./values";

/** The built plugin, as the package's `bin` names it. */
export const PLUGIN_MAIN = path.join(__dirname, "../../dist/plugin/main.js");

/** The stack config of this package (`posthog-iac:apiKey`, ...) as the default provider's inputs. */
export function defaultProviderInputs(config: Record<string, string>): Props {
  // pkg/resource/deploy/default_providers.go, newRegisterDefaultProviderEvent: GetPackageConfig(pkg).
  const prefix = `${PACKAGE_NAME}:`;
  return Object.fromEntries(
    Object.entries(config)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, value]) => [key.slice(prefix.length), value]),
  );
}

export class PluginServer extends GrpcProviderServer {
  /** The inputs CheckConfig returned, as the engine keeps them in state (secrets marked). */
  checkedConfig: Props = {};

  /** A new process shakes hands first, as the engine's does. */
  protected override async started(): Promise<void> {
    await this.handshake();
  }

  async handshake(): Promise<{ acceptSecrets: boolean; acceptResources: boolean }> {
    const res = await this.call<pb.ProviderHandshakeResponse>((cb) =>
      this.client.handshake(new pb.ProviderHandshakeRequest().setEngineAddress("127.0.0.1:1"), cb),
    );
    return { acceptSecrets: res.getAcceptSecrets(), acceptResources: res.getAcceptResources() };
  }

  async checkConfig(olds: Props, news: Props): Promise<{ inputs: Props; failures: CheckFailure[] }> {
    const req = new pb.CheckRequest()
      .setUrn(this.providerUrn())
      .setOlds(toStruct(olds))
      .setNews(toStruct(news));
    const res = await this.call<pb.CheckResponse>((cb) => this.client.checkConfig(req, cb));
    return {
      inputs: fromStruct(res.getInputs()),
      failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diffConfig(olds: Props, news: Props): Promise<DiffResult> {
    const req = new pb.DiffRequest()
      .setUrn(this.providerUrn())
      .setOlds(toStruct(olds))
      .setOldInputs(toStruct(olds))
      .setNews(toStruct(news));
    return diffResultOf(await this.call<pb.DiffResponse>((cb) => this.client.diffConfig(req, cb)));
  }

  /** Configure with typed args (secrets kept marked) and the `<pkg>:config:<key>` variables, as the engine sends them. */
  async configureProvider(args: Props): Promise<void> {
    const req = new pb.ConfigureRequest()
      .setArgs(toStruct(args))
      .setAcceptsecrets(true)
      .setAcceptresources(true)
      .setSendsOldInputs(true)
      .setSendsOldInputsToDelete(true)
      .setType(`pulumi:providers:${PACKAGE_NAME}`);
    const variables = req.getVariablesMap();
    for (const [key, value] of Object.entries(fromStruct(req.getArgs()))) {
      // The variables carry no secret marks (provider_plugin.go, Configure: removeSecrets).
      const plain = unwrapSecret(value);
      variables.set(
        `${PACKAGE_NAME}:config:${key}`,
        typeof plain === "string" ? plain : JSON.stringify(plain),
      );
    }
    await this.call<pb.ConfigureResponse>((cb) => this.client.configure(req, cb));
  }

  /** The default provider from stack config: CheckConfig, then Configure with what it returned. */
  override async configure(config: Record<string, string>): Promise<void> {
    const { inputs, failures } = await this.checkConfig({}, defaultProviderInputs(config));
    if (failures.length > 0) {
      throw new Error(failures.map((f) => `provider config ${f.property}: ${f.reason}`).join("; "));
    }
    this.checkedConfig = inputs;
    await this.configureProvider(inputs);
  }

  /** GetSchema's answer, parsed. */
  async schema(): Promise<Props> {
    const res = await this.call<pb.GetSchemaResponse>((cb) =>
      this.client.getSchema(new pb.GetSchemaRequest(), cb),
    );
    return JSON.parse(res.getSchema()) as Props;
  }

  async invoke(token: string, args: Props): Promise<Props> {
    const req = new pb.InvokeRequest().setTok(token).setArgs(toStruct(args));
    const res = await this.call<pb.InvokeResponse>((cb) => this.client.invoke(req, cb));
    return fromStruct(res.getReturn());
  }

  private providerUrn(): string {
    return `urn:pulumi:stack::project::pulumi:providers:${PACKAGE_NAME}::default`;
  }
}

function unwrapSecret(value: unknown): unknown {
  return pulumi.runtime.isRpcSecret(value) ? pulumi.runtime.unwrapRpcSecret(value) : value;
}

/** Starts the plugin and shakes hands with it, as the engine does before any other call. */
export async function startPluginServer(opts: StartOptions & { main?: string } = {}): Promise<PluginServer> {
  const spawn = () => spawnPlugin(opts.main ?? PLUGIN_MAIN, opts);
  const server = new PluginServer(await spawn(), spawn);
  await server.handshake();
  return server;
}
