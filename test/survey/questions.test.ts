// Responses are keyed by question id: edits must keep each question's server-assigned id.
import { Survey, SurveyArgs, SurveyQuestion } from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const program = (args: SurveyArgs) => () => {
  const survey = new Survey("q", args);
  return { questions: survey.questions };
};

async function serverQuestions(id: string): Promise<{ id: string; question: string }[]> {
  const res = await stack.api<{ questions: { id: string; question: string }[] }>(
    "GET",
    `/api/projects/${stack.projectId}/surveys/${id}/`,
  );
  return res.body.questions;
}

describe("question ids", () => {
  it("survive an edit of the question text (matched by position)", async () => {
    const engine = stack.newEngine();
    const questions: SurveyQuestion[] = [
      { type: "open", question: "First?" },
      { type: "open", question: "Second?" },
    ];
    const args = { name: "Ids by position", type: "popover" as const, questions };
    const up = await engine.up(program(args));
    const id = String(engine.state()[0].id);
    const before = await serverQuestions(id);
    expect(up.outputs.questions).toEqual(before);

    const edited = { ...args, questions: [{ ...questions[0], question: "First, reworded?" }, questions[1]] };
    await engine.up(program(edited));
    const after = await serverQuestions(id);
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
    expect((await serverQuestions(id)).map((q) => [q.id, q.question])).toEqual([
      ["q-dislike", "What do you dislike?"],
      ["q-like", "What do you like?"],
    ]);
    await engine.destroy();
  });
});
