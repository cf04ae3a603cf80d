// Pulumi cannot import dynamic resources; `adopt` takes over an existing survey instead (same id, no POST).
import { Survey, SurveyArgs } from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

async function existingSurvey(name: string): Promise<string> {
  const res = await stack.api<{ id: string }>("POST", `/api/projects/${stack.projectId}/surveys/`, {
    name,
    type: "popover",
    description: "made in the UI",
    questions: [{ type: "open", question: "Made in the UI?" }],
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

const program = (args: SurveyArgs) => () => {
  const survey = new Survey("adopted", args);
  return { surveyId: survey.surveyId };
};

describe("adoption", () => {
  it.each(["id", "name"] as const)("takes over an existing survey by %s without a POST", async (by) => {
    const name = `Adopt by ${by}`;
    const existing = await existingSurvey(name);
    const engine = stack.newEngine();
    const args: SurveyArgs = {
      name,
      type: "popover",
      description: "now managed by Pulumi",
      questions: [{ type: "open", question: "Made in the UI?" }],
      adopt: by === "id" ? { id: existing } : { name },
    };
    await stack.clearRequests();
    const up = await engine.up(program(args));
    expect(up.errors).toEqual([]);
    expect(up.outputs.surveyId).toBe(existing);
    const requests = await stack.requests();
    expect(requests.filter((r) => r.method === "POST")).toEqual([]);
    expect(requests.find((r) => r.method === "PATCH")?.body).toEqual({
      description: "now managed by Pulumi",
    });

    await stack.clearRequests();
    const preview = await engine.preview(program(args));
    expect(preview.steps.map((s) => s.op)).toEqual(["same"]);
    expect(await stack.requests()).toEqual([]);
    await engine.destroy();
  });

  it("says what to do when the name matches nothing", async () => {
    const engine = stack.newEngine();
    const up = await engine.up(program({ name: "Not there", type: "popover", adopt: { name: "Not there" } }));
    expect(up.errors[0].message).toContain('adopt.name "Not there" matches no survey');
    expect(engine.state()).toEqual([]);
  });

  it("a name clash without adopt explains how to adopt", async () => {
    await existingSurvey("Clash");
    const engine = stack.newEngine();
    const up = await engine.up(program({ name: "Clash", type: "popover" }));
    const message = up.errors[0].message;
    expect(message).toMatch(/Survey \S+ holds the name, and this stack cannot prove it is its own/);
    expect(message).toContain('set adopt: {id: "');
    expect(message).not.toContain(stack.apiKey);
    // Short, and a teammate's backend named before any adoption (issue 50, item 9).
    expect(message.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(80);
    expect(message.indexOf("If a teammate's stack manages it, use that stack's backend.")).toBeGreaterThan(0);
    expect(message.indexOf("If a teammate's stack manages it")).toBeLessThan(message.indexOf("adopt"));
  });
});

describe("Survey.get", () => {
  it("gives a read-only reference to an existing survey", async () => {
    const existing = await existingSurvey("Referenced");
    const engine = stack.newEngine();
    await stack.clearRequests();
    const up = await engine.up(() => {
      const ref = Survey.get("ref", existing, { projectId: stack.projectId });
      return { name: ref.name, questions: ref.questions };
    });
    expect(up.errors).toEqual([]);
    expect(up.steps.map((s) => s.op)).toEqual(["read"]);
    expect(up.outputs.name).toBe("Referenced");
    expect(up.outputs.questions).toEqual([
      expect.objectContaining({ question: "Made in the UI?", id: expect.any(String) }),
    ]);
    expect((await stack.requests()).map((r) => r.method)).toEqual(["GET"]);

    await stack.clearRequests();
    await engine.destroy();
    expect(await stack.requests()).toEqual([]); // a reference is never deleted
    expect((await stack.api("GET", `/api/projects/${stack.projectId}/surveys/${existing}/`)).status).toBe(
      200,
    );
  });
});
