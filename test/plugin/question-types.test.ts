// Issue 51, item 1: the plugin's schema gives a survey question as ONE object type (SurveyQuestion: the `type` enum
// and every question type's keys), so a Go, Python, YAML or Java program can set a key its question's type does not
// take, or leave out one it needs. The plugin's Check says so, one message per mistake, naming the question (its
// path), the type(s) the key is for and the fix. Questions are sent here as those SDKs send them: flat objects of
// the schema's keys, over the provider protocol to the plugin. Nothing reaches PostHog (the emulator).
import fc from "fast-check";
import { getSchema } from "../../src/plugin/schema";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { QUESTION_TYPES, type QuestionType } from "../../src/resources/survey/settings/questions";
import type { CheckFailure } from "../support/provider-server";
import { startStack, type TestStack } from "../support/stack";

const URN = `urn:pulumi:dev::p::${RESOURCE_TOKENS.Survey}::s`;
const SURVEY = { name: "Flat questions", type: "api" };

/** The keys the schema's one question type offers, as every SDK but TypeScript's writes them. */
const questionType = getSchema().types[`${PACKAGE_NAME}:index:SurveyQuestion`];
const SCHEMA_KEYS = "properties" in questionType ? Object.keys(questionType.properties) : [];

/** Each question type's own keys beyond what every type has (TypeScript's union: settings/questions.ts). */
const OWN: { [T in QuestionType]: readonly string[] } = {
  open: ["validation"],
  link: ["link"],
  rating: ["display", "scale", "lowerBoundLabel", "upperBoundLabel", "isNpsQuestion", "skipSubmitButton"],
  single_choice: ["choices", "shuffleOptions", "hasOpenChoice", "skipSubmitButton"],
  multiple_choice: ["choices", "shuffleOptions", "hasOpenChoice", "skipSubmitButton"],
};
const COMMON = ["type", "id", "question", "description", "descriptionContentType", "optional", "buttonText"];
const COMMON_OBJECTS = ["branching", "translations", "extra"];

/** A value each type-specific key takes on its own type (check accepts it there). */
const SAMPLE: { [key: string]: unknown } = {
  validation: [{ type: "min_length", value: 3 }],
  link: "https://example.com/roadmap",
  display: "number",
  scale: 10,
  lowerBoundLabel: "Unlikely",
  upperBoundLabel: "Very likely",
  isNpsQuestion: true,
  skipSubmitButton: true,
  choices: ["Yes", "No"],
  shuffleOptions: true,
  hasOpenChoice: false,
};

/** What check says of `key` on a question of `type` at `index` (the mistake the issue names). */
function notForType(index: number, key: string, type: QuestionType): string {
  const owners = QUESTION_TYPES.filter((t) => t !== type && OWN[t].includes(key)).map((t) => `"${t}"`);
  const those = owners.length === 1 ? owners[0] : `${owners.slice(0, -1).join(", ")} or ${owners.at(-1)}`;
  const fix = owners.length === 1 ? `set type: ${those}` : "change its type";
  return `questions[${index}].${key}: ${key} is for ${those} questions; this question is "${type}". Remove ${key}, or ${fix}.`;
}

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ face: "plugin" });
  await stack.server.configure(stack.config);
});
afterAll(async () => {
  await stack.close();
});

async function check(questions: unknown[]): Promise<CheckFailure[]> {
  return (await stack.server.check(URN, {}, { ...SURVEY, questions })).failures;
}

describe("one question type in the plugin's schema, each type's rules in the plugin's Check", () => {
  it("the schema's question type has every question type's keys, and the samples cover each type's own", () => {
    expect([...SCHEMA_KEYS].sort()).toEqual(
      [...new Set([...COMMON, ...COMMON_OBJECTS, ...Object.values(OWN).flat()])].sort(),
    );
    expect(Object.keys(SAMPLE).sort()).toEqual([...new Set(Object.values(OWN).flat())].sort());
  });

  it("a key of another question type: one message per key, naming the question, the types it is for and the fix", async () => {
    const typeSpecific = Object.keys(SAMPLE);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...QUESTION_TYPES),
        fc.subarray(typeSpecific),
        fc.nat(2),
        async (type, keys, before) => {
          const needed =
            type === "single_choice" || type === "multiple_choice" ? { choices: ["A", "B"] } : {};
          const question: Record<string, unknown> = { type, question: "How was it?", ...needed };
          for (const key of keys) question[key] ??= SAMPLE[key];
          const others = Array.from({ length: before }, (_, i) => ({ type: "open", question: `Q${i}` }));
          const failures = (await check([...others, question])).sort((a, b) =>
            a.reason.localeCompare(b.reason),
          );
          const foreign = keys.filter((key) => !OWN[type].includes(key));
          // The engine gets each mistake inside `questions` without a property (the reason names the path).
          expect(failures).toEqual(
            foreign
              .map((key) => ({ property: "", reason: notForType(before, key, type) }))
              .sort((a, b) => a.reason.localeCompare(b.reason)),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a key a question type needs, left out: one message naming the type and the key", async () => {
    for (const type of ["single_choice", "multiple_choice"] as const) {
      expect(await check([{ type, question: "Which?" }])).toEqual([
        {
          property: "",
          reason:
            `questions[0].choices: a "${type}" question needs choices, a list of at least one. Add choices, or ` +
            "change its type.",
        },
      ]);
    }
    expect(await check([{ type: "open" }])).toEqual([
      { property: "", reason: "questions[0].question: question text (`question`) is required." },
    ]);
  });

  it("branching, one object type too: a key of another kind, and a key a kind needs", async () => {
    const open = (branching: unknown) => ({ type: "open", question: "Why?", branching });
    expect(await check([open({ type: "end", index: 1 }), open({ type: "specific_question" })])).toEqual([
      {
        property: "",
        reason:
          'questions[0].branching.index: index is for "specific_question" branching; this branching is "end". ' +
          'Remove index, or set type: "specific_question".',
      },
      {
        property: "",
        reason:
          'questions[1].branching.index: a "specific_question" branching needs index, the 0-based index of the ' +
          "question to go to.",
      },
    ]);
  });

  it("a misspelt key keeps its one did-you-mean line; PostHog received nothing", async () => {
    expect(await check([{ type: "open", qestion: "What should we build?" }])).toEqual([
      { property: "", reason: 'questions[0].qestion: unknown key; did you mean "question"?' },
    ]);
    expect(await stack.requests()).toEqual([]);
  });
});
