// PostHog's own sanitising tests, ported one to one and run over HTTP against the emulator.
// PostHog: products/surveys/backend/api/test/test_survey.py (class and function names kept).
// PostHog reads the stored survey from its database; here the stored state is read back with GET.
import { sanitizeHtml } from "@pulumi-posthog/posthog-html";
import { useHarness, type Reply } from "./helpers";

const h = useHarness();

const base = () => `/api/projects/${h.em.projectId}/surveys/`;
/** The id of the user the API key belongs to (PostHog's `self.user.id`). */
const myUserId = async (): Promise<number> => (await h.api("GET", "/api/users/@me/")).body.id;

/** POST a survey, expect 201, and return what the emulator then stores (GET). */
async function createAndRead(body: Record<string, unknown>): Promise<Reply["body"]> {
  const created = await h.api("POST", base(), body);
  expect(created.status).toBe(201);
  const stored = await h.api("GET", `${base()}${created.body.id}/`);
  expect(stored.status).toBe(200);
  return stored.body;
}

const NOTEBOOK_QUESTIONS = [
  { type: "open", question: "What up?", description: "<script>alert(0)</script>check?" },
  {
    type: "link",
    link: "https://bazinga.com",
    question: "<b>What</b> do you think of the new notebooks feature?",
  },
];
const UNCLOSED_THANK_YOU = "<b>We'll use it to make notebooks better.<script>alert(0)</script>";

/** Both tests send the notebook survey and check its stored texts, `appearance` as expected. */
async function expectNotebookSurvey(reply: Reply, status: number, appearance: object): Promise<void> {
  expect(reply.status).toBe(status);
  const body = reply.body;
  expect(body).toMatchObject({
    name: "Notebooks beta release survey",
    description: "Get feedback on the new notebooks feature",
    type: "popover",
  });
  expect(body.questions).toEqual([
    { id: body.questions[0].id, type: "open", question: "What up?", description: "check?" },
    {
      id: body.questions[1].id,
      type: "link",
      link: "https://bazinga.com",
      question: "<b>What</b> do you think of the new notebooks feature?",
    },
  ]);
  expect(body.appearance).toEqual(appearance);
  expect(body.created_by.id).toBe(await myUserId());
}

const NOTEBOOK_SURVEY = {
  name: "Notebooks beta release survey",
  description: "Get feedback on the new notebooks feature",
  type: "popover",
  questions: NOTEBOOK_QUESTIONS,
};
const CLEANED_THANK_YOU = "<b>We'll use it to make notebooks better.</b>";

describe("TestSurvey", () => {
  test("test_survey_level_translations_sanitize_html", async () => {
    const survey = await createAndRead({
      name: "Survey",
      type: "popover",
      questions: [{ type: "open", question: "Question?" }],
      translations: {
        es: {
          name: "<script>alert('xss')</script>Título",
          description: "<b>Bold</b> <script>evil()</script>",
          thankYouMessageHeader: "<i>Gracias</i><script>xss()</script>",
          thankYouMessageDescription: "<em>Apreciamos tu respuesta</em><script>bad()</script>",
          thankYouMessageCloseButtonText: "<strong>Cerrar</strong><script>evil()</script>",
        },
      },
    });
    expect(survey.translations).toEqual({
      es: {
        name: "Título",
        description: "<b>Bold</b> ",
        thankYouMessageHeader: "<i>Gracias</i>",
        thankYouMessageDescription: "<em>Apreciamos tu respuesta</em>",
        thankYouMessageCloseButtonText: "<strong>Cerrar</strong>",
      },
    });
  });

  test("test_inline_question_translations_sanitize_all_fields", async () => {
    const survey = await createAndRead({
      name: "Survey",
      type: "popover",
      questions: [
        {
          type: "rating",
          question: "Rate us",
          description: "Please rate",
          buttonText: "Submit",
          lowerBoundLabel: "Bad",
          upperBoundLabel: "Good",
          translations: {
            es: {
              question: "<i>¿Califica?</i><script>xss()</script>",
              description: "<b>Por favor</b><script>bad()</script>",
              buttonText: "<strong>Enviar</strong><script>evil()</script>",
              lowerBoundLabel: "<em>Malo</em><script>x()</script>",
              upperBoundLabel: "<u>Bueno</u><script>y()</script>",
            },
          },
        },
        {
          type: "link",
          question: "Click",
          link: "https://example.com",
          translations: { es: { link: "https://ejemplo.com" } },
        },
        {
          type: "single_choice",
          question: "Choose",
          choices: ["A", "B"],
          translations: {
            es: { choices: ["<b>Opción A</b>", "<script>alert('xss')</script>Opción B"] },
          },
        },
      ],
    });
    expect(survey.questions[0].translations.es).toEqual({
      question: "<i>¿Califica?</i>",
      description: "<b>Por favor</b>",
      buttonText: "<strong>Enviar</strong>",
      lowerBoundLabel: "<em>Malo</em>",
      upperBoundLabel: "<u>Bueno</u>",
    });
    expect(survey.questions[1].translations.es.link).toBe("https://ejemplo.com");
    expect(survey.questions[2].translations.es.choices).toEqual(["<b>Opción A</b>", "Opción B"]);
  });

  test("test_question_fields_sanitize_all_top_level_translatable_fields", async () => {
    const survey = await createAndRead({
      name: "Survey",
      type: "popover",
      questions: [
        {
          type: "rating",
          question: "<i>Rate us</i><script>xss()</script>",
          description: "<b>Please rate</b><script>bad()</script>",
          buttonText: "<strong>Submit</strong><script>evil()</script>",
          lowerBoundLabel: "<em>Bad</em><script>x()</script>",
          upperBoundLabel: "<u>Good</u><script>y()</script>",
        },
      ],
    });
    expect(survey.questions[0]).toMatchObject({
      question: "<i>Rate us</i>",
      description: "<b>Please rate</b>",
      buttonText: "<strong>Submit</strong>",
      lowerBoundLabel: "<em>Bad</em>",
      upperBoundLabel: "<u>Good</u>",
    });
  });
});

describe("TestSurveyQuestionValidation", () => {
  test("test_create_basic_survey_question_validation", async () => {
    const created = await h.api("POST", base(), {
      ...NOTEBOOK_SURVEY,
      appearance: {
        thankYouMessageHeader: "Thanks for your feedback!",
        thankYouMessageDescription: UNCLOSED_THANK_YOU,
        shuffleQuestions: true,
        surveyPopupDelaySeconds: 60,
      },
    });
    await expectNotebookSurvey(created, 201, {
      thankYouMessageHeader: "Thanks for your feedback!",
      thankYouMessageDescription: CLEANED_THANK_YOU,
      shuffleQuestions: true,
      surveyPopupDelaySeconds: 60,
    });
  });

  test("test_update_basic_survey_question_validation", async () => {
    const basic = await h.api("POST", base(), { name: "survey without targeting", type: "popover" });
    expect(basic.status).toBe(201);
    const updated = await h.api("PATCH", `${base()}${basic.body.id}/`, {
      ...NOTEBOOK_SURVEY,
      appearance: { thankYouMessageDescription: UNCLOSED_THANK_YOU },
    });
    await expectNotebookSurvey(updated, 200, { thankYouMessageDescription: CLEANED_THANK_YOU });
  });

  test("test_cleaning_empty_questions", async () => {
    const created = await h.api("POST", base(), {
      name: "Notebooks beta release survey",
      description: "Get feedback on the new notebooks feature",
      type: "popover",
      questions: [],
      appearance: { thankYouMessageHeader: " ", thankYouMessageDescription: "" },
    });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe("Notebooks beta release survey");
    expect(created.body.questions).toEqual([]);
    expect(created.body.appearance).toEqual({ thankYouMessageHeader: " ", thankYouMessageDescription: "" });
  });
});

describe("TestSurveyQuestionValidationWithEnterpriseFeatures", () => {
  test("test_create_survey_with_valid_question_description_content_type_html", async () => {
    const created = await h.api("POST", base(), {
      name: "Notebooks beta release survey",
      description: "Get feedback on the new notebooks feature",
      type: "popover",
      questions: [
        {
          type: "open",
          question: "What's a survey?",
          description: "<b>This is a description</b>",
          descriptionContentType: "html",
        },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.questions[0].descriptionContentType).toBe("html");
    expect(created.body.questions[0].description).toBe("<b>This is a description</b>");
  });

  test("test_create_survey_with_valid_thank_you_description_content_type_html", async () => {
    const created = await h.api("POST", base(), {
      name: "Notebooks beta release survey",
      description: "Get feedback on the new notebooks feature",
      type: "popover",
      appearance: {
        thankYouMessageHeader: "Thanks for your feedback!",
        thankYouMessageDescription: "<b>This is a thank you message</b>",
        thankYouMessageDescriptionContentType: "html",
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.appearance.thankYouMessageDescriptionContentType).toBe("html");
    expect(created.body.appearance.thankYouMessageDescription).toBe("<b>This is a thank you message</b>");
  });
});

// A module-level, parametrised pytest function in PostHog: it calls nh3_clean_with_allow_list directly,
// and compares with every space removed.
const HEDGEHOG_IMAGE =
  "https://www.gardenhealth.com/wp-content/uploads/2019/09/hedgehog_octobergardeningjobs-768x768.webp";
const NH3_CONFIGURATION_CASES: [string, string][] = [
  [
    `
        <div style="display: flex; justify-content: center;">
                <div style="flex: 1;">
                    <img src="${HEDGEHOG_IMAGE}" alt="Your Image" style="max-width: 100%; height: auto;   opacity: 1;">
                </div>
                <div style="flex: 3; padding:10px;">
                    <p>Help us stay sharp.</p>
        </div>
      `,
    `
        <div style="display: flex; justify-content: center;">
                <div style="flex: 1;">
                    <img src="${HEDGEHOG_IMAGE}" alt="Your Image" style="max-width: 100%; height: auto;   opacity: 1;">
                </div>
                <div style="flex: 3; padding:10px;">
                    <p>Help us stay sharp.</p>
                </div>
        </div>`,
  ],
  [" ", " "],
];

test.each(NH3_CONFIGURATION_CASES)("test_nh3_clean_configuration [%#]", (input, expected) => {
  const withoutSpaces = (s: string) => s.replaceAll(" ", "");
  expect(withoutSpaces(sanitizeHtml(input))).toBe(withoutSpaces(expected));
});
