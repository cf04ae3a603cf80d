// Invalid survey definitions fail at Check, through the real plugin, naming the property, before any request.
import { startStack, TestStack } from "../support/stack";
import { Survey, SurveyArgs } from "../../src";
import { failuresAt } from "../support/failures-at";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const ok = { name: "Valid", type: "popover" } as const;
const q = (extra: Record<string, unknown>) => ({
  ...ok,
  questions: [{ type: "open", question: "Q?", ...extra }],
});

// [what is wrong, the inputs, the property the failure must name, a fragment of the reason]
const invalid: [string, Record<string, unknown>, string, string][] = [
  ["missing name", { type: "popover" }, "name", "name is required"],
  ["blank name", { ...ok, name: "   " }, "name", "must not be empty"],
  ["name over 400 characters", { ...ok, name: "x".repeat(401) }, "name", "longer than 400"],
  ["missing type", { name: "No type" }, "type", "type is required"],
  [
    "unknown type",
    { ...ok, type: "banner" },
    "type",
    '"banner" is not a known survey type. Use one of: popover, button',
  ],
  ["questions not a list", { ...ok, questions: { question: "Q?" } }, "questions", "must be a list"],
  ["question without text", q({ question: "" }), "questions", "must not be empty"],
  ["question with unknown type", q({ type: "slider" }), "questions", "question type must be one of"],
  [
    "link question with http link",
    { ...ok, questions: [{ type: "link", question: "Q", link: "http://x.com" }] },
    "questions",
    "https, mailto",
  ],
  [
    "link question with bad mailto",
    { ...ok, questions: [{ type: "link", question: "Q", link: "mailto:nobody" }] },
    "questions",
    "mailto",
  ],
  [
    "choice question with an empty choice",
    { ...ok, questions: [{ type: "single_choice", question: "Q", choices: ["a", ""] }] },
    "questions",
    "empty choice",
  ],
  [
    "choice question without choices",
    { ...ok, questions: [{ type: "multiple_choice", question: "Q" }] },
    "questions",
    "choices",
  ],
  [
    "rating with bad display",
    { ...ok, questions: [{ type: "rating", question: "Q", display: "stars" }] },
    "questions",
    'number" or "emoji',
  ],
  [
    "bad descriptionContentType",
    q({ descriptionContentType: "markdown" }),
    "questions",
    "descriptionContentType",
  ],
  [
    "branching to a question that does not exist",
    q({ branching: { type: "specific_question", index: 5 } }),
    "questions",
    "there is no question 5",
  ],
  ["bad branching type", q({ branching: { type: "jump" } }), "questions", "branching.type"],
  [
    "negative popup delay",
    { ...ok, appearance: { surveyPopupDelaySeconds: -1 } },
    "appearance",
    "popup delay",
  ],
  [
    "whiteLabel not a boolean",
    { ...ok, appearance: { whiteLabel: "yes" } },
    "appearance",
    "whiteLabel must be a boolean",
  ],
  ["appearance not an object", { ...ok, appearance: "dark" }, "appearance", "must be an object"],
  ["conditions not an object", { ...ok, conditions: ["url"] }, "conditions", "must be an object"],
  [
    "bad urlMatchType",
    { ...ok, conditions: { url: "/", urlMatchType: "startswith" } },
    "conditions",
    "urlMatchType",
  ],
  [
    "end before start",
    { ...ok, startDate: "2026-12-02T00:00:00Z", endDate: "2026-12-01T00:00:00Z" },
    "endDate",
    "before startDate",
  ],
  ["unparseable date", { ...ok, startDate: "next tuesday" }, "startDate", "not a valid date-time"],
  ["linkedFlagId not an integer", { ...ok, linkedFlagId: 1.5 }, "linkedFlagId", "integer"],
  ["unknown schedule", { ...ok, schedule: "weekly" }, "schedule", "once, recurring, always"],
  ["iterationCount over 500", { ...ok, iterationCount: 501 }, "iterationCount", "between 0 and 500"],
  ["negative responsesLimit", { ...ok, responsesLimit: -3 }, "responsesLimit", "positive"],
  ["misspelled key", { ...ok, descripton: "typo" }, "descripton", 'Did you mean "description"'],
  [
    "variant without linked flag",
    { ...ok, conditions: { linkedFlagVariant: "test" } },
    "conditions",
    "linkedFlagId",
  ],
  [
    "targeting filters without groups",
    { ...ok, targetingFlagFilters: { groups: [] } },
    "targetingFlagFilters",
    "at least one group",
  ],
  ["adopt without id or name", { ...ok, adopt: {} }, "adopt", "needs an id or a name"],
];

describe("Survey check", () => {
  it.each(invalid)(
    "refuses %s at check, naming the property, with zero requests",
    async (_what, args, property, reason) => {
      await stack.clearRequests();
      const engine = stack.newEngine();
      const result = await engine.preview(() => {
        new Survey("bad", args as unknown as SurveyArgs);
      });
      const failures = result.steps.flatMap((s) => s.checkFailures);
      expect(
        failuresAt(failures, property)
          .map((f) => f.reason)
          .join("\n"),
      ).toContain(reason);
      expect(result.errors.length).toBeGreaterThan(0);
      expect(await stack.requests()).toEqual([]);
    },
  );

  it("covers at least 20 distinct invalid definitions", () => {
    expect(invalid.length).toBeGreaterThanOrEqual(20);
  });
});

describe("Survey dates at check", () => {
  it("refuses a date that is not ISO 8601 at preview, naming the input and the form, with zero requests", async () => {
    await stack.clearRequests();
    const engine = stack.newEngine();
    const result = await engine.preview(() => {
      new Survey("dated", {
        ...ok,
        status: "stopped",
        startDate: "01/12/2026",
        endDate: "2026-02-30T09:00:00Z",
      });
    });
    const forms =
      'Write it as YYYY-MM-DDThh:mm[:ss[.ffffff]] with "Z" or an offset such as +02:00 (none means UTC), or a ' +
      'date alone (midnight UTC), for example "2026-12-01T09:00:00Z".';
    expect(result.steps.flatMap((s) => s.checkFailures)).toEqual([
      {
        property: "startDate",
        reason: `startDate "01/12/2026" is not a valid date-time: it is not in ISO 8601 form. ${forms}`,
      },
      {
        property: "endDate",
        reason: `endDate "2026-02-30T09:00:00Z" is not a valid date-time: there is no day 30 in 2026-02. ${forms}`,
      },
    ]);
    expect(result.errors.length).toBeGreaterThan(0);
    expect(await stack.requests()).toEqual([]);
  });
});
