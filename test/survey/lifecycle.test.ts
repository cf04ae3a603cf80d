// Survey lifecycle through the real dynamic-provider plugin against the emulator, step by step as the
// engine runs it: what each step sends to PostHog, and what state holds after it.
import { Survey, SurveyArgs } from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const base: SurveyArgs = {
  name: "Lifecycle NPS",
  description: "How likely are you to recommend us?",
  type: "popover",
  questions: [
    {
      type: "rating",
      question: "How likely are you to recommend us?",
      scale: 10,
      display: "number",
      isNpsQuestion: true,
    },
    { type: "open", question: "Why?" },
  ],
  appearance: { backgroundColor: "#eeeded", submitButtonText: "Send" },
  conditions: { url: "/pricing", urlMatchType: "icontains" },
  startDate: "2026-12-01T09:00:00Z",
  schedule: "once",
};

const program = (args: SurveyArgs) => () => {
  const survey = new Survey("nps", args);
  return { surveyId: survey.surveyId, questionIds: survey.questions.apply((qs) => qs.map((q) => q.id)) };
};

const writes = (requests: { method: string }[]) => requests.filter((r) => r.method !== "GET");

interface EmulatorSurvey {
  id: string;
  name: string;
  description: string;
  type: string;
  questions: { id: string; question: string }[];
  appearance: Record<string, unknown>;
  conditions: Record<string, unknown>;
  start_date: string;
  schedule: string;
}

async function surveyInEmulator(id: string) {
  return stack.api<EmulatorSurvey>("GET", `/api/projects/${stack.projectId}/surveys/${id}/`);
}

describe("Survey lifecycle", () => {
  let id: string;

  it("previews a new program without writing anything", async () => {
    await stack.clearRequests();
    const result = await stack.engine.preview(program(base));
    expect(result.errors).toEqual([]);
    expect(result.steps.map((s) => [s.name, s.op])).toEqual([["nps", "create"]]);
    expect(writes(await stack.requests())).toEqual([]);
  });

  it("up creates the survey with every declared field", async () => {
    await stack.clearRequests();
    const result = await stack.engine.up(program(base));
    expect(result.errors).toEqual([]);
    id = String(result.outputs.surveyId);
    const { status, body } = await surveyInEmulator(id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: base.name,
      description: base.description,
      type: "popover",
      appearance: base.appearance,
      conditions: base.conditions,
      schedule: "once",
    });
    expect(Date.parse(body.start_date)).toBe(Date.parse("2026-12-01T09:00:00Z"));
    expect(body.questions.map((q) => q.question)).toEqual(["How likely are you to recommend us?", "Why?"]);
    expect(result.outputs.questionIds).toEqual(body.questions.map((q) => q.id));
    expect(writes(await stack.requests()).map((r) => r.method)).toEqual(["POST"]);
  });

  it("a second preview shows no change and sends no request", async () => {
    await stack.clearRequests();
    const result = await stack.engine.preview(program(base));
    expect(result.steps.map((s) => s.op)).toEqual(["same"]);
    expect(await stack.requests()).toEqual([]);
  });

  it("an edit of one field is named by preview and sent as one PATCH of that field", async () => {
    const edited = { ...base, description: "Tell us honestly" };
    await stack.clearRequests();
    const preview = await stack.engine.preview(program(edited));
    expect(preview.steps.map((s) => [s.op, s.changedKeys])).toEqual([["update", ["description"]]]);
    expect(await stack.requests()).toEqual([]);

    const up = await stack.engine.up(program(edited));
    expect(up.errors).toEqual([]);
    const requests = await stack.requests();
    expect(requests.map((r) => r.method)).toEqual(["PATCH"]);
    expect(requests[0].body).toEqual({ description: "Tell us honestly" });
    expect((await surveyInEmulator(id)).body.description).toBe("Tell us honestly");
  });

  it("refresh reports a change made in PostHog, and up restores the declared state", async () => {
    const edited = { ...base, description: "Tell us honestly" };
    await stack.api("PATCH", `/api/projects/${stack.projectId}/surveys/${id}/`, {
      name: "Renamed in the UI",
    });
    const refresh = await stack.engine.refresh();
    expect(refresh.steps.map((s) => [s.op, s.changedKeys])).toEqual([["refresh", ["name"]]]);

    const preview = await stack.engine.preview(program(edited));
    expect(preview.steps.map((s) => [s.op, s.changedKeys])).toEqual([["update", ["name"]]]);
    await stack.clearRequests();
    await stack.engine.up(program(edited));
    const requests = await stack.requests();
    expect(requests.map((r) => [r.method, r.body])).toEqual([["PATCH", { name: base.name }]]);
    expect((await surveyInEmulator(id)).body.name).toBe(base.name);
    expect((await stack.engine.preview(program(edited))).steps.map((s) => s.op)).toEqual(["same"]);
  });

  it("destroy deletes the survey", async () => {
    await stack.clearRequests();
    const result = await stack.engine.destroy();
    expect(result.errors).toEqual([]);
    // Deletion protection counts the project's responses first (none here), then the survey is deleted as ever.
    expect((await stack.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /api/projects/${stack.projectId}/surveys/responses_count/`,
      `DELETE /api/projects/${stack.projectId}/surveys/${id}/`,
    ]);
    expect((await surveyInEmulator(id)).status).toBe(404);
    expect(stack.engine.state()).toEqual([]);
  });
});

describe("Survey replacement and drift", () => {
  it("a projectId change replaces the survey", async () => {
    const engine = stack.newEngine();
    const other = await stack.control<{ id: number }>("POST", "/projects", { name: "Second project" });
    const args = { ...base, name: "Moves projects" };
    const first = await engine.up(program({ ...args, projectId: stack.projectId }));
    const oldId = String(first.outputs.surveyId);

    const preview = await engine.preview(program({ ...args, projectId: other.id }));
    expect(preview.steps.map((s) => [s.op, s.replaceKeys])).toEqual([["replace", ["projectId"]]]);
    const up = await engine.up(program({ ...args, projectId: other.id }));
    expect(up.errors).toEqual([]);
    const newId = String(up.outputs.surveyId);
    expect(newId).not.toBe(oldId);
    expect((await stack.api("GET", `/api/projects/${other.id}/surveys/${newId}/`)).status).toBe(200);
    expect((await stack.api("GET", `/api/projects/${stack.projectId}/surveys/${oldId}/`)).status).toBe(404);
    await engine.destroy();
  });

  it("a survey deleted outside Pulumi is dropped by refresh and recreated by up", async () => {
    const engine = stack.newEngine();
    const args = { ...base, name: "Deleted in the UI" };
    const first = await engine.up(program(args));
    const oldId = String(first.outputs.surveyId);
    await stack.api("DELETE", `/api/projects/${stack.projectId}/surveys/${oldId}/`);

    const refresh = await engine.refresh();
    expect(refresh.errors).toEqual([]);
    expect(engine.state()).toEqual([]);
    const up = await engine.up(program(args));
    expect(up.steps.map((s) => s.op)).toEqual(["create"]);
    expect(up.outputs.surveyId).not.toBe(oldId);
    await engine.destroy();
  });

  it("deleting a survey that is already gone succeeds", async () => {
    const engine = stack.newEngine();
    const first = await engine.up(program({ ...base, name: "Gone before destroy" }));
    await stack.api("DELETE", `/api/projects/${stack.projectId}/surveys/${first.outputs.surveyId}/`);
    const destroy = await engine.destroy();
    expect(destroy.errors).toEqual([]);
    expect(engine.state()).toEqual([]);
  });
});
