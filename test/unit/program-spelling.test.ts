// How each language writes an input in a message's fix (program-spelling.ts), and a Java program's mistake named
// with builders and the SDK's enum constant by the plugin face's check.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Face } from "../../src/ownership";
import { inputNamed, inputSet, javaEnumConstant } from "../../src/provider-kit/program-spelling";

const FACES: Face[] = ["dynamic", "nodejs", "python", "go", "yaml", "dotnet", "java", "unknown"];
const each = (spell: (face: Face) => string) => Object.fromEntries(FACES.map((face) => [face, spell(face)]));
const QUESTION_TYPE = { enumType: "SurveyQuestionType", value: "rating" };

test("an enum value set: the SDK's constant in Go and Java, the value elsewhere", () => {
  expect(each((face) => inputSet(face, "type", QUESTION_TYPE))).toEqual({
    dynamic: 'type: "rating"',
    nodejs: 'type: "rating"',
    python: 'type="rating"',
    go: "Type: posthogiac.SurveyQuestionTypeRating",
    yaml: 'type: "rating"',
    dotnet: 'Type = "rating"',
    java: ".type(SurveyQuestionType.Rating)",
    unknown: 'type: "rating"',
  });
  expect(
    inputSet("java", "type", { enumType: "SurveyQuestionBranchingType", value: "specific_question" }),
  ).toBe(".type(SurveyQuestionBranchingType.Specific_question)");
  expect(
    inputSet("go", "type", { enumType: "SurveyQuestionBranchingType", value: "specific_question" }),
  ).toBe("Type: posthogiac.SurveyQuestionBranchingTypeSpecificQuestion");
});

test("a plain value set: each language's literal and property name", () => {
  expect(each((face) => inputSet(face, "responseSamplingLimit", 10))).toEqual({
    dynamic: "responseSamplingLimit: 10",
    nodejs: "responseSamplingLimit: 10",
    python: "response_sampling_limit=10",
    // Go's wrapper of a number (pulumi.Int or pulumi.Float64) is the input's type's: the field alone.
    go: "ResponseSamplingLimit",
    yaml: "responseSamplingLimit: 10",
    dotnet: "ResponseSamplingLimit = 10",
    java: ".responseSamplingLimit(10)",
    unknown: "responseSamplingLimit: 10",
  });
  expect(inputSet("go", "name", "NPS")).toBe('Name: pulumi.String("NPS")');
  expect(inputSet("python", "removeTargetingFlag", true)).toBe("remove_targeting_flag=True");
});

test("an input removed: Java's builder call with the value set, the property name elsewhere", () => {
  expect(each((face) => inputNamed(face, "isNpsQuestion", true))).toEqual({
    dynamic: "isNpsQuestion",
    nodejs: "isNpsQuestion",
    python: "is_nps_question",
    go: "IsNpsQuestion",
    yaml: "isNpsQuestion",
    dotnet: "IsNpsQuestion",
    java: ".isNpsQuestion(true)",
    unknown: "isNpsQuestion",
  });
  expect(inputNamed("java", "choices", ["a"])).toBe(".choices(…)");
});

test("Java's enum constants are the SDK's (sdk/java enums)", () => {
  const enums = path.join(__dirname, "../../sdk/java/src/main/java/io/github/pulumiposthog/posthogiac/enums");
  for (const [type, value] of [
    ["SurveyQuestionType", "rating"],
    ["SurveyQuestionType", "single_choice"],
    ["SurveyQuestionBranchingType", "specific_question"],
    ["SurveyType", "full_screen"],
  ]) {
    const source = fs.readFileSync(path.join(enums, `${type}.java`), "utf8");
    expect(source).toContain(`${javaEnumConstant(value)}("${value}")`);
  }
});

test("the plugin face serving a Java program names the fix with builders", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "java-program-"));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: nps\nruntime: java\n");
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    // Fresh modules: the face (settings source, program runtime) is read once per process.
    await jest.isolateModulesAsync(async () => {
      const { useProviderSettings } = await import("../../src/provider-kit/settings-source");
      const { validateSurveyInputs } = await import("../../src/resources/survey/validate");
      useProviderSettings("posthog-iac");
      const questions = [
        { type: "open", question: "Why?", scale: 10 },
        { type: "open", question: "Why?", branching: { type: "end", index: 1 } },
        { type: "single_choice", question: "Which?" },
      ];
      expect(validateSurveyInputs({ name: "NPS", type: "popover", questions })).toEqual([
        {
          property: "questions",
          reason:
            'questions[0].scale: scale is for "rating" questions; this question is "open". Remove .scale(10), or ' +
            "set .type(SurveyQuestionType.Rating).",
        },
        {
          property: "questions",
          reason:
            'questions[1].branching.index: index is for "specific_question" branching; this branching is "end". ' +
            "Remove .index(1), or set .type(SurveyQuestionBranchingType.Specific_question).",
        },
        {
          property: "questions",
          reason:
            'questions[2].choices: a "single_choice" question needs choices, a list of at least one. Add ' +
            ".choices(…), or change its type.",
        },
      ]);
    });
  } finally {
    process.chdir(cwd);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the survey's cross-input fixes name inputs in the program's language", async () => {
  const { validateSurveyInputs } = await import("../../src/resources/survey/validate");
  const survey = {
    name: "NPS",
    type: "popover",
    questions: [{ type: "open", question: "Why?" }],
    responseSamplingLimit: 10,
    responseSamplingInterval: 7,
    responseSamplingIntervalType: "day",
  };
  const reasons = (face: Face) => validateSurveyInputs(survey, face).map((f) => f.reason);
  expect(each((face) => reasons(face).join("\n"))).toEqual({
    dynamic:
      "responseSamplingLimit (10) needs responseSamplingStartDate: set responseSamplingStartDate, or remove " +
      "responseSamplingLimit.",
    nodejs:
      "responseSamplingLimit (10) needs responseSamplingStartDate: set responseSamplingStartDate, or remove " +
      "responseSamplingLimit.",
    python:
      "responseSamplingLimit (10) needs responseSamplingStartDate: set response_sampling_start_date, or remove " +
      "response_sampling_limit.",
    go:
      "responseSamplingLimit (10) needs responseSamplingStartDate: set ResponseSamplingStartDate, or remove " +
      "ResponseSamplingLimit.",
    yaml:
      "responseSamplingLimit (10) needs responseSamplingStartDate: set responseSamplingStartDate, or remove " +
      "responseSamplingLimit.",
    dotnet:
      "responseSamplingLimit (10) needs responseSamplingStartDate: set ResponseSamplingStartDate, or remove " +
      "ResponseSamplingLimit.",
    java:
      "responseSamplingLimit (10) needs responseSamplingStartDate: set .responseSamplingStartDate(…), or remove " +
      ".responseSamplingLimit(10).",
    unknown:
      "responseSamplingLimit (10) needs responseSamplingStartDate: set responseSamplingStartDate, or remove " +
      "responseSamplingLimit.",
  });
  expect(
    validateSurveyInputs(
      { ...survey, responseSamplingLimit: undefined, status: "draft", endDate: "2030-01-01" },
      "java",
    ),
  ).toEqual([
    {
      property: "endDate",
      reason: 'status "draft" contradicts endDate: a draft has no end date. Remove .endDate("2030-01-01").',
    },
  ]);
});
