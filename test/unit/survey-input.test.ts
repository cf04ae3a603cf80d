import { validateSurveyInputs } from "../../src/resources/survey/validate";
import { UNKNOWN } from "../../src/provider-kit/unknown";

const valid = { name: "NPS", type: "popover" };

describe("survey input validation", () => {
  it("accepts a minimal survey and a full one", () => {
    expect(validateSurveyInputs(valid)).toEqual([]);
    expect(
      validateSurveyInputs({
        ...valid,
        projectId: "1",
        description: "d",
        questions: [
          { type: "rating", question: "How likely?", display: "number", scale: 10, isNpsQuestion: true },
          { type: "single_choice", question: "Why?", choices: ["a", "b"], branching: { type: "end" } },
          { type: "link", question: "Docs", link: "https://posthog.com" },
          { type: "open", question: "Anything else?", translations: { fr: { question: "Autre ?" } } },
        ],
        appearance: { backgroundColor: "#fff", surveyPopupDelaySeconds: 0 },
        conditions: { url: "/pricing", urlMatchType: "icontains" },
        startDate: "2026-12-01T00:00:00Z",
        endDate: "2026-12-31T00:00:00Z",
        targetingFlagFilters: { groups: [{ properties: [], rollout_percentage: 50 }] },
      }),
    ).toEqual([]);
  });

  it("names the property and the fix for each failure", () => {
    expect(validateSurveyInputs({ type: "popover" })).toEqual([
      { property: "name", reason: "name is required. Give the survey a name (at most 400 characters)." },
    ]);
    const [failure] = validateSurveyInputs({ ...valid, nmae: "x" });
    expect(failure).toEqual({
      property: "nmae",
      reason: '"nmae" is not a known input. Did you mean "name"? Remove it or rename it.',
    });
  });

  it("lets preview-unknown values through in any field, at any depth", () => {
    expect(validateSurveyInputs({ name: UNKNOWN, type: UNKNOWN, linkedFlagId: UNKNOWN })).toEqual([]);
    expect(validateSurveyInputs({ ...valid, questions: [{ type: "open", question: UNKNOWN }] })).toEqual([]);
    expect(validateSurveyInputs({ ...valid, startDate: UNKNOWN, endDate: "2020-01-01T00:00:00Z" })).toEqual(
      [],
    );
  });

  it("rejects an end date before the start date", () => {
    expect(validateSurveyInputs({ ...valid, startDate: "2026-02-01", endDate: "2026-01-01" })).toEqual([
      {
        property: "endDate",
        reason:
          "endDate (2026-01-01) is before startDate (2026-02-01). Set endDate after startDate, or remove it.",
      },
    ]);
  });
});
