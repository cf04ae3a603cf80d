// Ported from PostHog products/surveys/backend/api/test/test_survey.py, classes TestMultipleChoiceQuestions,
// TestSurveyQuestionValidation and TestSurveyQuestionValidationWithEnterpriseFeatures. Their sanitising tests
// live in ../sanitize-posthog.test.ts.
import { postHogCase } from "./support";

const ph = postHogCase();
const NOTEBOOKS = {
  name: "Notebooks beta release survey",
  description: "Get feedback on the new notebooks feature",
  type: "popover",
};
const detailOf = async (body: Record<string, unknown>) => {
  const r = await ph().post(body);
  expect(r.status).toBe(400);
  return r.body.detail as string;
};

describe("TestMultipleChoiceQuestions", () => {
  const question = (extra: Record<string, unknown>) => ({
    type: "multiple_choice",
    choices: ["Tutorials", "Customer case studies", "Product announcements", "Other"],
    question: "What can we do to improve our product?",
    buttonText: "Submit",
    description: "",
    hasOpenChoice: true,
    ...extra,
  });
  const appearance = {
    thankYouMessageHeader: "Thanks for your feedback!",
    thankYouMessageDescription: "<b>We'll use it to make notebooks better.<script>alert(0)</script>",
  };

  test("test_create_survey_has_open_choice", async () => {
    const r = await ph().post({ ...NOTEBOOKS, questions: [question({})], appearance });
    expect(r.status).toBe(201);
    expect((await ph().get(r.body.id)).status).toBe(200);
    expect(r.body.name).toBe("Notebooks beta release survey");
    expect(r.body.questions[0].hasOpenChoice).toBe(true);
  });

  test("test_create_survey_with_shuffle_options", async () => {
    const r = await ph().post({ ...NOTEBOOKS, questions: [question({ shuffleOptions: true })], appearance });
    expect(r.status).toBe(201);
    expect(r.body.questions[0]).toMatchObject({ hasOpenChoice: true, shuffleOptions: true });
  });
});

describe("TestSurveyQuestionValidation", () => {
  const linkQuestion = (link: string) => [
    { type: "link", link, question: "<b>What</b> do you think of the new notebooks feature?" },
  ];

  test("test_create_validate_link_url_scheme", async () => {
    const detail = await detailOf({
      name: "survey without targeting",
      type: "popover",
      questions: linkQuestion("javascript:alert(1)"),
    });
    expect(detail).toBe("Link must be a URL with one of these schemes: [https, mailto]");
  });

  test("test_create_validate_link_mailto", async () => {
    const detail = await detailOf({
      name: "survey without targeting",
      type: "popover",
      questions: linkQuestion("mailto:#@%^%#$@#$@#.com"),
    });
    expect(detail).toBe(
      "Invalid mailto link. Please enter a valid mailto link (e.g., mailto:example@domain.com).",
    );
  });

  test("test_update_validate_link_https_url", async () => {
    const s = await ph().post({ name: "survey without targeting", type: "popover" });
    const r = await ph().patch(s.body.id, { ...NOTEBOOKS, questions: linkQuestion("https://#.com") });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("Invalid HTTPS URL. Please enter a valid HTTPS link.");
  });

  test("test_validate_thank_you_with_invalid_type", async () => {
    expect(await detailOf({ ...NOTEBOOKS, appearance: "invalid" })).toBe("Appearance must be an object");
  });

  test("test_validate_question_with_missing_text", async () => {
    expect(await detailOf({ ...NOTEBOOKS, questions: [{ type: "open" }] })).toBe("Question text is required");
  });

  test("test_validate_malformed_questions", async () => {
    expect(await detailOf({ ...NOTEBOOKS, questions: "" })).toBe("Questions must be a list of objects");
  });

  test("test_validate_malformed_questions_as_string", async () => {
    expect(await detailOf({ ...NOTEBOOKS, questions: "this is my question" })).toBe(
      "Questions must be a list of objects",
    );
  });

  test("test_validate_malformed_questions_as_array_of_strings", async () => {
    expect(await detailOf({ ...NOTEBOOKS, questions: ["this is my question"] })).toBe(
      "Questions must be a list of objects",
    );
  });

  test("test_validate_malformed_question_choices_as_string", async () => {
    const questions = [
      { question: "this is my question", type: "multiple_choice", choices: "these are my question choices" },
    ];
    expect(await detailOf({ ...NOTEBOOKS, questions })).toBe("Question choices must be a list of strings");
  });

  test("test_validate_malformed_question_choices_as_array_of_empty_strings", async () => {
    const questions = [{ question: "this is my question", type: "multiple_choice", choices: ["", ""] }];
    expect(await detailOf({ ...NOTEBOOKS, questions })).toBe("Question choices cannot be empty");
  });

  const SHUFFLE_MESSAGE = "Question shuffling and question branching cannot be used together";
  const branchingRating = {
    type: "rating",
    question: "How likely are you to recommend us?",
    scale: 10,
    branching: { type: "end" },
  };

  test("test_validate_shuffling_with_branching_on_create", async () => {
    const detail = await detailOf({
      name: "Survey with shuffling and branching",
      type: "popover",
      appearance: { shuffleQuestions: true },
      questions: [
        {
          ...branchingRating,
          branching: {
            type: "response_based",
            responseValues: { promoters: "end", passives: "end", detractors: "specific_question" },
            index: 1,
          },
        },
        { type: "open", question: "What can we improve?" },
      ],
    });
    expect(detail).toContain(SHUFFLE_MESSAGE);
  });

  test("test_validate_shuffling_with_branching_on_update", async () => {
    const s = await ph().post({ name: "Test Survey", type: "popover", questions: [branchingRating] });
    expect(s.status).toBe(201);
    const r = await ph().patch(s.body.id, { appearance: { shuffleQuestions: true } });
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain(SHUFFLE_MESSAGE);
  });

  test("test_validate_branching_with_shuffling_on_update_questions", async () => {
    const s = await ph().post({
      name: "Test Survey",
      type: "popover",
      appearance: { shuffleQuestions: true },
      questions: [{ type: "open", question: "What do you think?" }],
    });
    expect(s.status).toBe(201);
    const r = await ph().patch(s.body.id, { questions: [branchingRating] });
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain(SHUFFLE_MESSAGE);
  });

  test("test_shuffling_without_branching_is_allowed", async () => {
    const r = await ph().post({
      name: "Survey with just shuffling",
      type: "popover",
      appearance: { shuffleQuestions: true },
      questions: [
        { type: "open", question: "Question 1" },
        { type: "open", question: "Question 2" },
      ],
    });
    expect(r.status).toBe(201);
    expect(r.body.appearance.shuffleQuestions).toBe(true);
  });

  test("test_branching_without_shuffling_is_allowed", async () => {
    const r = await ph().post({
      name: "Survey with just branching",
      type: "popover",
      questions: [branchingRating],
    });
    expect(r.status).toBe(201);
    expect(r.body.questions[0].branching.type).toBe("end");
  });
});

describe("TestSurveyQuestionValidationWithEnterpriseFeatures", () => {
  const openQuestion = (extra: Record<string, unknown>) => [
    { type: "open", question: "What's a survey?", ...extra },
  ];
  const withRules = (validation: unknown) => ({
    name: "Survey with validation",
    type: "popover",
    questions: [{ type: "open", question: "What's your feedback?", validation }],
  });
  const thankYou = (extra: Record<string, unknown>) => ({
    ...NOTEBOOKS,
    appearance: {
      thankYouMessageHeader: "Thanks for your feedback!",
      thankYouMessageDescription: "This is a thank you message",
      ...extra,
    },
  });

  test("test_create_survey_with_valid_question_description_content_type", async () => {
    const r = await ph().post({
      ...NOTEBOOKS,
      questions: openQuestion({ description: "This is a description", descriptionContentType: "text" }),
    });
    expect(r.status).toBe(201);
    expect(r.body.questions[0].descriptionContentType).toBe("text");
  });

  test("test_validate_question_description_content_type", async () => {
    const detail = await detailOf({
      ...NOTEBOOKS,
      questions: openQuestion({ description: "This is a description", descriptionContentType: "text/html" }),
    });
    expect(detail).toBe("Question descriptionContentType must be one of ['text', 'html']");
  });

  test("test_create_survey_with_valid_validation_rules", async () => {
    const r = await ph().post(
      withRules([
        { type: "min_length", value: 5 },
        { type: "max_length", value: 100 },
      ]),
    );
    expect(r.status).toBe(201);
    expect(r.body.questions[0].validation).toEqual([
      { type: "min_length", value: 5 },
      { type: "max_length", value: 100 },
    ]);
  });

  test("test_validate_validation_rules_invalid_type", async () => {
    const detail = await detailOf(withRules([{ type: "invalid_type" }]));
    expect(detail).toBe("Validation rule type must be one of: min_length, max_length, email");
  });

  test("test_validate_validation_rules_negative_value", async () => {
    const detail = await detailOf(withRules([{ type: "min_length", value: -5 }]));
    expect(detail).toBe("Validation rule value for min_length must be a positive integer");
  });

  test("test_validate_validation_rules_not_a_list", async () => {
    expect(await detailOf(withRules({ type: "email" }))).toBe(
      "Question validation must be a list of validation rules",
    );
  });

  test("test_validate_validation_rules_rule_not_object", async () => {
    expect(await detailOf(withRules(["email"]))).toBe("Each validation rule must be an object");
  });

  test("test_validate_validation_rules_min_greater_than_max", async () => {
    const detail = await detailOf(
      withRules([
        { type: "min_length", value: 100 },
        { type: "max_length", value: 50 },
      ]),
    );
    expect(detail).toBe("Minimum length cannot be greater than maximum length");
  });

  test("test_create_survey_with_valid_thank_you_description_content_type", async () => {
    const r = await ph().post(thankYou({ thankYouMessageDescriptionContentType: "text" }));
    expect(r.status).toBe(201);
    expect(r.body.appearance.thankYouMessageDescriptionContentType).toBe("text");
  });

  test("test_validate_thank_you_description_content_type", async () => {
    const detail = await detailOf(thankYou({ thankYouMessageDescriptionContentType: "text/html" }));
    expect(detail).toBe("thankYouMessageDescriptionContentType must be one of ['text', 'html']");
  });

  test("test_create_survey_with_survey_popup_delay", async () => {
    const r = await ph().post({
      name: NOTEBOOKS.name,
      type: "popover",
      appearance: { surveyPopupDelaySeconds: 6000 },
    });
    expect(r.status).toBe(201);
    expect(r.body.appearance.surveyPopupDelaySeconds).toBe(6000);
  });

  test("test_validate_survey_popup_delay", async () => {
    const detail = await detailOf({
      name: NOTEBOOKS.name,
      type: "popover",
      appearance: { surveyPopupDelaySeconds: -100 },
    });
    expect(detail).toBe("Survey popup delay seconds must be a positive integer");
  });
});
