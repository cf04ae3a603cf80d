// Responses are keyed by question id: edits must keep each question's server-assigned id. Ids follow their
// questions (src/resources/survey/question-ids.ts): an insert, a reorder or an edit in place moves no answer.
import { Survey, SurveyArgs, SurveyQuestion } from "../../src";
import { startStack, TestStack } from "../support/stack";
import type { Program } from "../support/engine";
import { PluginResource } from "../plugin/plugin-resource";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const program = (args: SurveyArgs) => () => {
  const survey = new Survey("q", args);
  return { questions: survey.questions };
};

async function serverQuestions(stack: TestStack, id: string): Promise<{ id: string; question: string }[]> {
  const res = await stack.api<{ questions: { id: string; question: string }[] }>(
    "GET",
    `/api/projects/${stack.projectId}/surveys/${id}/`,
  );
  return res.body.questions;
}

describe("question ids", () => {
  it("survive an edit of the question text in place (same position and type, the old text gone)", async () => {
    const engine = stack.newEngine();
    const questions: SurveyQuestion[] = [
      { type: "open", question: "First?" },
      { type: "open", question: "Second?" },
    ];
    const args = { name: "Ids by position", type: "popover" as const, questions };
    const up = await engine.up(program(args));
    const id = String(engine.state()[0].id);
    const before = await serverQuestions(stack, id);
    expect(up.outputs.questions).toEqual(before);

    const edited = { ...args, questions: [{ ...questions[0], question: "First, reworded?" }, questions[1]] };
    await engine.up(program(edited));
    const after = await serverQuestions(stack, id);
    expect(after.map((q) => q.id)).toEqual(before.map((q) => q.id));
    expect(after[0].question).toBe("First, reworded?");
    expect((await engine.preview(program(edited))).steps.map((s) => s.op)).toEqual(["same"]);
    await engine.destroy();
  });

  it("follow their questions through a reorder with explicit ids", async () => {
    const engine = stack.newEngine();
    const questions: SurveyQuestion[] = [
      { id: "q-like", type: "open", question: "What do you like?" },
      { id: "q-dislike", type: "open", question: "What do you dislike?" },
    ];
    const args = { name: "Ids explicit", type: "popover" as const, questions };
    await engine.up(program(args));
    const id = String(engine.state()[0].id);
    const reordered = { ...args, questions: [questions[1], questions[0]] };
    const preview = await engine.preview(program(reordered));
    expect(preview.steps.map((s) => [s.op, s.changedKeys])).toEqual([["update", ["questions"]]]);
    await engine.up(program(reordered));
    expect((await serverQuestions(stack, id)).map((q) => [q.id, q.question])).toEqual([
      ["q-dislike", "What do you dislike?"],
      ["q-like", "What do you like?"],
    ]);
    await engine.destroy();
  });
});

describe("question ids after an insert at the front, on each face", () => {
  it("dynamic providers", async () => insertAtFront(stack, program));

  it("provider plugin", async () => {
    const plugin = await startStack({ face: "plugin" });
    try {
      await insertAtFront(plugin, (args) => () => {
        new PluginResource("Survey", "q", args);
      });
    } finally {
      await plugin.close();
    }
  });
});

/** A survey of two questions, then one inserted at the front: the preview's warning, the PATCH, the ids after. */
async function insertAtFront(stack: TestStack, program: (args: SurveyArgs) => Program): Promise<void> {
  const engine = stack.newEngine();
  const questions: SurveyQuestion[] = [
    { type: "open", question: "How likely are you to recommend us?" },
    { type: "open", question: "What could we improve?" },
  ];
  const args = { name: "Ids after an insert", type: "popover" as const, questions };
  await engine.up(program(args));
  const id = String(engine.state()[0].id);
  const before = await serverQuestions(stack, id);

  const inserted = {
    ...args,
    questions: [{ type: "open" as const, question: "Which feature do you use most?" }, ...questions],
  };
  const logged = stack.server.engineLog().length;
  await stack.clearRequests();
  const preview = await engine.preview(program(inserted));
  expect(preview.steps.map((s) => [s.op, s.changedKeys])).toEqual([["update", ["questions"]]]);
  expect(await stack.requests()).toEqual([]);
  const said = stack.server.engineLog().slice(logged);
  expect(said).toContain(
    'warning: Survey "Ids after an insert": questions[0] ("Which feature do you use most?") is a new question: ' +
      "PostHog gives it a new id, and it starts with no answers.",
  );
  expect(said).toContain(
    'warning: Survey "Ids after an insert": the 2 other questions keep their ids and their answers.',
  );

  await engine.up(program(inserted));
  const writes = (await stack.requests()).filter((r) => r.method !== "GET");
  expect(writes.map((r) => [r.method, r.path, r.body])).toEqual([
    [
      "PATCH",
      `/api/projects/${stack.projectId}/surveys/${id}/`,
      {
        questions: [
          { type: "open", question: "Which feature do you use most?" },
          { type: "open", question: "How likely are you to recommend us?", id: before[0].id },
          { type: "open", question: "What could we improve?", id: before[1].id },
        ],
      },
    ],
  ]);
  const after = await serverQuestions(stack, id);
  expect(after.map((q) => q.id).slice(1)).toEqual(before.map((q) => q.id));
  expect(before.map((q) => q.id)).not.toContain(after[0].id);
  expect((await engine.preview(program(inserted))).steps.map((s) => s.op)).toEqual(["same"]);
  await engine.destroy();
}
