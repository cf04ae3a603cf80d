// Builds the object handed to Pulumi as a resource's provider, and so serialized into state as `__provider`.
// It holds no code of its own: each method loads the installed package's implementation by package name at
// call time. A shim module exports this object directly (`export = providerShim(...)`), so when the package
// is installed under node_modules Pulumi serializes it as a single `require("pulumi-posthog/dist/...")`
// line: state stays small, refresh and destroy run the installed code, and no client, schema or key is
// captured. Loaded from outside node_modules it is serialized by value, which is why nothing is imported here.
import type * as pulumi from "@pulumi/pulumi";

type Inputs = Record<string, unknown>;

/** What a provider implementation module exports. */
export interface ProviderModule {
  configure(req: pulumi.dynamic.ConfigureRequest): Promise<void>;
  check(olds: Inputs, news: Inputs): Promise<pulumi.dynamic.CheckResult>;
  diff(id: string, olds: Inputs, news: Inputs): Promise<pulumi.dynamic.DiffResult>;
  create(inputs: Inputs): Promise<pulumi.dynamic.CreateResult>;
  read(id: string, props: Inputs): Promise<pulumi.dynamic.ReadResult>;
  update(id: string, olds: Inputs, news: Inputs): Promise<pulumi.dynamic.UpdateResult>;
  delete(id: string, props: Inputs): Promise<void>;
}

/** `implementation` is a package path such as "pulumi-posthog/dist/resources/survey/provider". */
export function providerShim(implementation: string): pulumi.dynamic.ResourceProvider {
  const load = (): ProviderModule => require(implementation);
  return {
    configure: (req) => load().configure(req),
    check: (olds, news) => load().check(olds, news),
    diff: (id, olds, news) => load().diff(id, olds, news),
    create: (inputs) => load().create(inputs),
    read: (id, props) => load().read(id, props ?? {}),
    update: (id, olds, news) => load().update(id, olds, news),
    delete: (id, props) => load().delete(id, props),
  };
}
