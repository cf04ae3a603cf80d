// A branch to a question the survey does not have: PostHog stores it (it checks no branching target), and its
// SDK would then send the respondent nowhere, so check refuses it at preview, naming the path and the fix.
// Through the real plugin and the engine harness; a refused program sends no request.
import { Survey, SurveyArgs, SurveyQuestion } from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const program = (questions: SurveyQuestion[]) => () => {
  new Survey("branching", { name: "Branch targets", type: "popover", questions } satisfies SurveyArgs);
};

const cases: [string, SurveyQuestion[], string][] = [
  [
    "specific_question past the only question",
    [{ type: "open", question: "Why?", branching: { type: "specific_question", index: 5 } }],
    'questions[0].branching.index is 5, but there is no question 5: the survey has 1 question, numbered from 0. Branch to question 0, or end the survey with {type: "end"}.',
  ],
  [
    "specific_question one past the last of two",
    [
      { type: "open", question: "Why?", branching: { type: "specific_question", index: 2 } },
      { type: "open", question: "Anything else?" },
    ],
    'questions[0].branching.index is 2, but there is no question 2: the survey has 2 questions, numbered from 0. Branch to a question from 0 to 1, or end the survey with {type: "end"}.',
  ],
  [
    "a response_based target past the last question",
    [
      {
        type: "rating",
        question: "How likely are you to recommend us?",
        display: "number",
        scale: 10,
        branching: {
          type: "response_based",
          responseValues: { detractors: 1, passives: 4, promoters: "end" },
        },
      },
      { type: "open", question: "What should we improve?" },
    ],
    'questions[0].branching.responseValues.passives is 4, but there is no question 4: the survey has 2 questions, numbered from 0. Branch to a question from 0 to 1, or end the survey with "end".',
  ],
];

describe("a branch to a question that does not exist", () => {
  it.each(cases)("%s is refused at check, with zero requests", async (_what, questions, reason) => {
    await stack.clearRequests();
    const result = await stack.newEngine().preview(program(questions));
    expect(result.steps.flatMap((s) => s.checkFailures)).toEqual([{ property: "", reason }]);
    expect(result.errors.length).toBeGreaterThan(0);
    expect(await stack.requests()).toEqual([]);
  });

  it("a branch to the last question passes check", async () => {
    await stack.clearRequests();
    const result = await stack.newEngine().preview(
      program([
        {
          type: "single_choice",
          question: "Which plan?",
          choices: ["Free", "Paid"],
          branching: { type: "response_based", responseValues: { "0": 1, "1": "end" } },
        },
        { type: "open", question: "Why free?", branching: { type: "specific_question", index: 1 } },
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(result.steps.map((s) => [s.op, s.checkFailures])).toEqual([["create", []]]);
    expect(await stack.requests()).toEqual([]);
  });
});
