// Builds the object handed to Pulumi as a resource's provider, and so serialized into state as `__provider`.
// It holds no code of its own: each method loads the installed package's implementation by package name at
// call time. A shim module exports this object directly (`export = providerShim(...)`), so when the package
// is installed under node_modules Pulumi serializes it as a single `require("pulumi-posthog/dist/...")`
// line: state stays small, refresh and destroy run the installed code, and no client, schema or key is
// captured. Loaded from outside node_modules it is serialized by value, which is why the methods below
// reference nothing but `require` and the implementation's name.
import type { DiffAnswer } from "./detailed-diff";
import type * as pulumi from "@pulumi/pulumi";
import { sdkModuleName } from "./sdk-module-name";

type Inputs = Record<string, unknown>;

/** What a provider implementation module exports. */
export interface ProviderModule {
  configure(req: pulumi.dynamic.ConfigureRequest): Promise<void>;
  check(olds: Inputs, news: Inputs): Promise<pulumi.dynamic.CheckResult>;
  diff(id: string, olds: Inputs, news: Inputs): Promise<DiffAnswer>;
  create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult>;
  read(id: string, props: Inputs): Promise<pulumi.dynamic.ReadResult>;
  update(id: string, olds: Inputs, news: Inputs): Promise<pulumi.dynamic.UpdateResult>;
  delete(id: string, props: Inputs): Promise<void>;
}

/**
 * `implementation` is a package path such as "pulumi-posthog/dist/resources/survey/provider"; `shim` is the
 * module that exports the result.
 */
export function providerShim(implementation: string, shim: NodeModule): pulumi.dynamic.ResourceProvider {
  const load = (): ProviderModule => require(implementation);
  const provider: pulumi.dynamic.ResourceProvider = {
    configure: (req) => load().configure(req),
    check: (olds, news) => load().check(olds, news),
    diff: (id, olds, news) => load().diff(id, olds, news),
    create: (inputs) => load().create(inputs),
    read: (id, props) => load().read(id, props ?? {}),
    update: (id, olds, news) => load().update(id, olds, news),
    delete: (id, props) => load().delete(id, props),
  };
  // Where the SDK would write an install path instead of the package name (pnpm's store, before SDK 3.251),
  // take the shim out of the require cache: the SDK then finds no module for this object and serializes the
  // forwarder above by value, which still requires the implementation by name.
  const packageName = implementation.split("/")[0];
  const written = sdkModuleName(shim.filename, process.cwd(), sdkVersion());
  if (written !== undefined && !written.startsWith(`${packageName}/`)) delete require.cache[shim.filename];
  return provider;
}

/** The SDK this package resolves (its peer, the program's own copy); undefined if it cannot be read. */
function sdkVersion(): string | undefined {
  try {
    const manifest: unknown = require("@pulumi/pulumi/package.json");
    return typeof manifest === "object" && manifest !== null && "version" in manifest
      ? String(manifest.version)
      : undefined;
  } catch {
    return undefined;
  }
}
