// getFeatureFlag / getFeatureFlagOutput against the emulator: a flag found by key, and the named error for a
// key the project does not have.
import * as pulumi from "@pulumi/pulumi";
import { getFeatureFlag, getFeatureFlagOutput } from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
let flagId: number;
const filters = { groups: [{ properties: [], rollout_percentage: 25 }] };

beforeAll(async () => {
  stack = await startStack();
  // More than one page of flags, so the lookup has to follow pagination.
  for (let i = 0; i < 101; i++) {
    const res = await stack.api<{ id: number }>("POST", `/api/projects/${stack.projectId}/feature_flags/`, {
      key: `flag-${i}`,
      name: `Flag ${i}`,
      filters,
      active: i !== 0,
    });
    expect(res.status).toBe(201);
    if (i === 0) flagId = res.body.id;
  }
});
afterAll(async () => stack?.close());
beforeEach(() => pulumi.runtime.setAllConfig(stack.config, ["posthog:apiKey"]));

describe("getFeatureFlag", () => {
  it("returns id, key, name, active and filters for a key", async () => {
    const flag = await getFeatureFlag({ key: "flag-0" });
    expect(flag).toEqual({
      projectId: String(stack.projectId),
      id: flagId,
      key: "flag-0",
      name: "Flag 0",
      active: false,
      filters: expect.objectContaining({
        groups: [expect.objectContaining({ properties: [], rollout_percentage: 25 })],
      }),
    });
  });

  it("an unknown key is an error naming the key and the project", async () => {
    await expect(getFeatureFlag({ key: "Flag-0", projectId: stack.projectId })).rejects.toThrow(
      `getFeatureFlag: key "Flag-0" matches no feature flag in project ${stack.projectId}. ` +
        "Check the key (it is case-sensitive) and the project, or create the flag first.",
    );
  });

  it("getFeatureFlagOutput takes Inputs and gives an Output", async () => {
    const output = getFeatureFlagOutput({ key: pulumi.output("flag-100") });
    const flag = await new Promise<{ key: string; active: boolean }>((resolve) => output.apply(resolve));
    expect(flag).toMatchObject({ key: "flag-100", active: true });
  });
});
