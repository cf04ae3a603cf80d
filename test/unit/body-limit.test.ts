// The request-body limit is one fact: the provider's check refuses a survey whose inputs come to more than
// PostHog's DATA_UPLOAD_MAX_MEMORY_SIZE (src/provider-kit/request-limits.ts, which cites PostHog, Django and DRF),
// and the emulator refuses a body over the same number (its own copy, since it imports nothing of the
// provider). At the boundary: exactly the limit passes check, one byte more fails it, naming the input.
import { MAX_BODY_BYTES } from "../../src/provider-kit/request-limits";
import { MAX_BODY_BYTES as EMULATOR_MAX_BODY_BYTES } from "../../packages/posthog-emulator/src/core/server";
import { validateSurvey } from "../../src/validate";
import type { SurveyArgs } from "../../src/resources/survey/survey";

const LIMIT = 20_971_520; // posthog/settings/web.py, DATA_UPLOAD_MAX_MEMORY_SIZE

/** A survey whose inputs, as JSON, are exactly `bytes` long (the padding is its one question's text). */
function surveyOf(bytes: number): SurveyArgs {
  const args = (text: string): SurveyArgs => ({
    name: "Big",
    type: "popover",
    questions: [{ type: "open", question: text }],
  });
  const base = Buffer.byteLength(JSON.stringify(args("")));
  const survey = args("x".repeat(bytes - base));
  expect(Buffer.byteLength(JSON.stringify(survey))).toBe(bytes);
  return survey;
}

test("the provider and the emulator hold PostHog's limit, the same number", () => {
  expect(MAX_BODY_BYTES).toBe(LIMIT);
  expect(EMULATOR_MAX_BODY_BYTES).toBe(LIMIT);
});

test("a survey of exactly the limit passes check; one byte more fails it, naming the input", () => {
  expect(validateSurvey(surveyOf(LIMIT))).toEqual([]);
  const survey = surveyOf(LIMIT + 1);
  const questions = Buffer.byteLength(JSON.stringify(survey.questions));
  const over = validateSurvey(survey);
  expect(over).toHaveLength(1);
  expect(over[0].property).toBe("questions");
  expect(over[0].reason).toBe(
    `the survey is ${LIMIT + 1} bytes, over PostHog's request limit of ${LIMIT} (DATA_UPLOAD_MAX_MEMORY_SIZE); ` +
      `questions alone is ${questions} bytes. Shorten it.`,
  );
});
