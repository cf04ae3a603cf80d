// A resource of the provider plugin as any language's SDK declares it: a CustomResource of the plugin's token,
// with no code of this package in the program (what `pulumi package add` generates for TypeScript).
import * as pulumi from "@pulumi/pulumi";
import { RESOURCE_TOKENS, type ResourceName } from "../../src/plugin/tokens";

export class PluginResource extends pulumi.CustomResource {
  constructor(kind: ResourceName, name: string, args: object, opts?: pulumi.CustomResourceOptions) {
    super(RESOURCE_TOKENS[kind], name, { ...args }, opts);
  }
}
