// What a Survey leaves in state: no API key anywhere, one small identical __provider, no undefined values.
import { Survey } from "../../src";
import { REPO_ROOT } from "../support/self-link";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

function hasUndefined(value: unknown): boolean {
  if (value === undefined) return true;
  if (Array.isArray(value)) return value.some(hasUndefined);
  if (value && typeof value === "object") return Object.values(value).some(hasUndefined);
  return false;
}

const program = () => {
  new Survey("one", { name: "State one", type: "popover", questions: [{ type: "open", question: "One?" }] });
  new Survey("two", {
    name: "State two",
    type: "api",
    targetingFlagFilters: { groups: [{ properties: [], rollout_percentage: 20 }] },
  });
};

describe("Survey state", () => {
  it("holds no key, no absolute path, no undefined, and one identical __provider", async () => {
    const engine = stack.newEngine();
    const up = await engine.up(program);
    expect(up.errors).toEqual([]);
    await engine.refresh();
    const state = engine.state();
    expect(state).toHaveLength(2);
    const text = JSON.stringify(state);
    expect(text).not.toContain(stack.apiKey);
    const providers = state.flatMap((r) => [r.inputs.__provider, r.outputs.__provider]);
    expect(new Set(providers).size).toBe(1);
    const provider = String(providers[0]);
    expect(provider).not.toContain(REPO_ROOT);
    // Loaded from the repo (not node_modules) the shim is serialized by value: it must still only name the
    // installed implementation, never carry it.
    expect(provider).toContain('"pulumi-posthog/dist/resources/survey/provider"');
    expect(provider).not.toContain("axios");
    expect(provider).not.toContain("zod");
    for (const resource of state) {
      expect(hasUndefined(resource.outputs)).toBe(false);
      expect(resource.outputs).toMatchObject({ surveyId: resource.id, createdAt: expect.any(String) });
    }
    const withFlag = state.find((r) => r.name === "two")!;
    // A nested flag keeps its id, key and `active`; the targeting flag also the conditions in force, since PostHog
    // never returns targetingFlagFilters; the internal flag's are PostHog's fixed rule, left out of state.
    expect(withFlag.outputs.targetingFlag).toEqual({
      id: expect.any(Number),
      key: expect.stringMatching(/^survey-targeting-/),
      active: expect.any(Boolean),
      filters: expect.objectContaining({ groups: [expect.objectContaining({ rollout_percentage: 20 })] }),
    });
    expect(withFlag.outputs.internalTargetingFlag).toEqual({
      id: expect.any(Number),
      key: expect.stringMatching(/-custom$/),
      active: expect.any(Boolean),
    });
    await engine.destroy();
  });
});
