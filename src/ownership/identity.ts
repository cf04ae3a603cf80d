// Which resource of which stack a create is for, so a create can prove that an object it meets in PostHog is its
// own (docs/contributing/interrupted-runs.md, "Ownership"). The engine names each resource by its URN,
// `urn:pulumi:<stack>::<project>::<type>::<name>` (pulumi/pulumi sdk/go/common/resource/urn.go, NewURN). The
// plugin's CreateRequest carries it; a dynamic provider's create gets the inputs only (@pulumi/pulumi
// cmd/dynamic-provider/index.ts, `create` calls provider.create(props)), so the dynamic resource classes pass it
// as one more input, IDENTITY_INPUT, which the user never writes, which no diff compares and which `declared`
// leaves out.

import { IDENTITY_INPUT } from "../provider-kit/declared";

// The two inputs the faces add for ownership, the resource's URN (IDENTITY_INPUT) and the stack's mark
// (STACK_MARK_INPUT, stack-mark.ts), are named in provider-kit/declared.ts with the faces' other input, so that
// `declared` leaves them out without importing this folder (imports go ownership -> provider-kit).
export { IDENTITY_INPUT, STACK_MARK_INPUT } from "../provider-kit/declared";

/**
 * The parts of a URN that tell two resources of one stack apart (the parents' type chain and the name: the engine
 * refuses two resources with one URN), and the stack's mark that tells stacks apart.
 */
export interface ResourceIdentity {
  project: string;
  stack: string;
  /**
   * The qualified type of the resource's parent (`my:app:Team`, `my:app:Org$my:app:Team` for a parent that has a
   * parent of its own): the URN's type without the resource's own type; empty at the top level. Two components of
   * different types may each hold a child named `nps`, and only this tells those children apart.
   */
  parents: string;
  name: string;
  /** The stack's mark (STACK_MARK_INPUT); absent when the face could not supply it. */
  mark?: string;
}

/** The project, stack, parents' type chain and name in a URN; undefined for anything that is not one. */
export function identityFromUrn(urn: unknown): ResourceIdentity | undefined {
  if (typeof urn !== "string" || !urn.startsWith("urn:pulumi:")) return undefined;
  // Stack, project and type never hold "::"; the name is everything after the third one.
  const parts = urn.slice("urn:pulumi:".length).split("::");
  if (parts.length < 4) return undefined;
  const [stack, project, type, ...name] = parts;
  if (!stack || !project || !type || name.join("::") === "") return undefined;
  // The qualified type is the parents' types and the resource's own, joined by "$" (pulumi/pulumi
  // sdk/go/common/resource/urn/urn.go, New; the root stack's type is never in it: deployment.go, generateURN).
  const parents = type.includes("$") ? type.slice(0, type.lastIndexOf("$")) : "";
  return { project, stack, parents, name: name.join("::") };
}

/**
 * The URN the engine gives a resource of `type` named `name` in this program's project and stack, under a parent
 * whose URN is `parentUrn` (none, or the root stack: the top level). As the engine builds it (pulumi/pulumi
 * pkg/resource/deploy/deployment.go, generateURN: the parent's qualified type, unless it is the root stack's,
 * then "$" and the type).
 */
export function resourceUrn(
  project: string,
  stack: string,
  type: string,
  name: string,
  parentUrn?: string,
): string {
  const parentType = parentUrn?.split("::")[2];
  const qualified = parentType && parentType !== ROOT_STACK_TYPE ? `${parentType}$${type}` : type;
  return `urn:pulumi:${stack}::${project}::${qualified}::${name}`;
}

/** The root stack resource's type, which the engine leaves out of its children's URNs. */
const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";

/** The URN the face set in `inputs` (IDENTITY_INPUT), when it is one: the holder of what a create claims. */
export function urnOf(inputs: Record<string, unknown>): { urn?: string } {
  const urn = inputs[IDENTITY_INPUT];
  return typeof urn === "string" && identityFromUrn(urn) ? { urn } : {};
}
