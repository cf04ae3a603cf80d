// What a Survey leaves in state: no API key anywhere, one small identical __provider, no undefined values.
import { Survey } from "../../src";
import { REPO_ROOT } from "../support/self-link";
import { RESET_OUTPUTS } from "../../src/resources/survey/fields";
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

  it("leaves out the outputs at their reset value, which the program still reads as PostHog holds them", async () => {
    const engine = stack.newEngine();
    const declared = { name: "At reset", type: "popover" as const, description: "Kept: not its reset" };
    const read = () => {
      const survey = new Survey("reset", declared);
      const fields: (keyof Survey)[] = [...RESET_OUTPUTS.keys(), "description", "surveyId"];
      return Object.fromEntries(fields.map((k) => [k, survey[k]]));
    };
    const up = await engine.up(read);
    expect(up.errors).toEqual([]);
    const [state] = engine.state();
    // The survey holds these fields at their reset value in PostHog.
    const inPostHog = await stack.api("GET", `/api/projects/${stack.projectId}/surveys/${state.id}/`);
    expect(inPostHog.body).toMatchObject({
      archived: false,
      schedule: "once",
      enable_partial_responses: false,
    });
    const absent = [...RESET_OUTPUTS.keys()].filter((field) => !(field in state.outputs));
    expect(absent).toEqual(expect.arrayContaining(["archived", "schedule", "enablePartialResponses"]));
    expect(state.outputs.description).toBe("Kept: not its reset");
    // The program reads every one of them as its value in PostHog, as before they left the state.
    expect(up.outputs).toEqual({
      ...Object.fromEntries(RESET_OUTPUTS),
      description: "Kept: not its reset",
      surveyId: state.id,
    });
    // Diff takes an absent output as its reset value: the same program is no change, with no request.
    await stack.clearRequests();
    const again = await engine.up(read);
    expect(again.steps.map((step) => step.op)).toEqual(["same"]);
    expect(await stack.requests()).toEqual([]);
    await engine.destroy();
  });
});
