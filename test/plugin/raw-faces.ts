// Both faces side by side for tests that speak the provider protocol directly (check, diff) with raw inputs: the
// SDK's dynamic-provider server and the package's plugin, each configured against its own emulator, and the URN
// and property bag each face's engine would send for a resource.
import { RESOURCE_TOKENS, type ResourceName } from "../../src/plugin/tokens";
import { startStack, type TestStack } from "../support/stack";

export type Face = "dynamic" | "plugin";
export const FACES: Face[] = ["dynamic", "plugin"];
type Props = Record<string, unknown>;

/** The shim module each resource's dynamic provider requires (the state ABI's paths under dist/resources). */
const SHIM: { [K in ResourceName]: string } = {
  Survey: "survey/shim",
  Invite: "invite/shim",
  InviteBatch: "invite/batch-shim",
};

/** A configured stack per face for the calling file's tests: started before them, closed after. */
export function rawFacesForFile(): Record<Face, TestStack> {
  const stacks = {} as Record<Face, TestStack>;
  beforeAll(async () => {
    stacks.dynamic = await startStack();
    stacks.plugin = await startStack({ face: "plugin" });
    for (const stack of Object.values(stacks)) await stack.server.configure(stack.config);
  });
  afterAll(async () => {
    await Promise.all(Object.values(stacks).map((stack) => stack.close()));
  });
  return stacks;
}

/** The URN and the bag a face's engine would send for `props` (the dynamic face's carries __provider). */
export function rawRequest(face: Face, kind: ResourceName, props: Props): { urn: string; props: Props } {
  if (face === "plugin") return { urn: `urn:pulumi:dev::p::${RESOURCE_TOKENS[kind]}::r`, props };
  const provider = `exports.handler = () => require("pulumi-posthog/dist/resources/${SHIM[kind]}");`;
  return {
    urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic:Resource::r",
    props: { ...props, __provider: provider },
  };
}
