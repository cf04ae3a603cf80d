// The resource's URN as the dynamic resource classes pass it (IDENTITY_INPUT, identity.ts): the whole URN, its
// parents' type chain included, so two components of different types that each hold a child named `nps` are two
// resources to the provider as they are to the engine (docs/contributing/interrupted-runs.md, "The stack's mark").
//
// Loaded with the ownership entry (index.ts) by provider processes too, which need no SDK: the SDK is required by
// urnInput, which only a program's resource classes call, in a process that has loaded it already.
import type * as pulumi from "@pulumi/pulumi";
import { resourceUrn } from "./identity";

/**
 * The URN the engine gives the resource `name` of `type` with these options. Under a parent it is a promise of the
 * parent's URN made into this one: a plain promise, not the parent's `urn` output, so the input adds no dependency
 * on the parent (a dependency on a component is one on each of its children, this one included).
 */
export function urnInput(type: string, name: string, opts?: pulumi.ResourceOptions): pulumi.Input<string> {
  const { getProject, getStack } = require("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
  const project = getProject();
  const stack = getStack();
  const parent = opts?.parent;
  if (!parent) return resourceUrn(project, stack, type, name);
  return new Promise<string>((resolve) => {
    parent.urn.apply((urn) => resolve(resourceUrn(project, stack, type, name, urn)));
  });
}
