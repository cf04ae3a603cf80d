// Ported from PostHog products/surveys/backend/api/test/test_survey.py, class TestSurvey (creation,
// translations, flags and the list). One jest test per PostHog test function, named after it.
import {
  BILLING_PLAN_STORED,
  BILLING_PLAN_TARGETING,
  daysFromNow,
  interactedFilters,
  postHogCase,
} from "./support";

const ph = postHogCase();
const OPEN = [{ type: "open", question: "Question?" }];
const NOTEBOOKS_URL = { url: "https://app.posthog.com/notebooks" };

/** The survey most of PostHog's flag tests start from: person targeting and a URL condition. */
const targetedSurvey = () =>
  ph().post({
    name: "survey with targeting",
    type: "popover",
    targeting_flag_filters: BILLING_PLAN_TARGETING,
    conditions: NOTEBOOKS_URL,
  });

const IMPROVE_NOTEBOOKS = "What would you want to improve from notebooks?";

/** PostHog's "Notebooks power users survey" with one open question, plus the fields under test. */
const powerUsersSurvey = (extra: Record<string, unknown>) =>
  ph().post({
    name: "Notebooks power users survey",
    type: "popover",
    questions: [{ type: "open", question: IMPROVE_NOTEBOOKS }],
    ...extra,
  });

/** "Test Survey" with one open question, plus the fields under test. */
const testSurvey = (extra: Record<string, unknown>) =>
  ph().post({
    name: "Test Survey",
    type: "popover",
    questions: [{ type: "open", question: "Test?" }],
    ...extra,
  });

describe("TestSurvey", () => {
  test("test_can_create_basic_survey", async () => {
    const r = await ph().post({
      name: "Notebooks beta release survey",
      description: "Get feedback on the new notebooks feature",
      type: "popover",
      questions: [{ type: "open", question: "What do you think of the new notebooks feature?" }],
      targeting_flag_filters: null,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: "Notebooks beta release survey",
      description: "Get feedback on the new notebooks feature",
      type: "popover",
      schedule: "once",
      enable_partial_responses: false,
    });
    expect(r.body.questions).toEqual([
      {
        id: r.body.questions[0].id,
        type: "open",
        question: "What do you think of the new notebooks feature?",
      },
    ]);
    expect(r.body.created_by.id).toBe(1);
    expect((await ph().get(r.body.id)).status).toBe(200);
  });

  test("test_can_create_survey_with_translations", async () => {
    const r = await ph().post({
      name: "Customer feedback survey",
      description: "Help us improve",
      type: "popover",
      questions: [
        {
          type: "rating",
          question: "How satisfied are you?",
          description: "Please rate your experience",
          buttonText: "Submit",
          lowerBoundLabel: "Not satisfied",
          upperBoundLabel: "Very satisfied",
          translations: {
            es: {
              question: "¿Qué tan satisfecho estás?",
              description: "Por favor califica tu experiencia",
              buttonText: "Enviar",
              lowerBoundLabel: "No satisfecho",
              upperBoundLabel: "Muy satisfecho",
            },
            fr: { question: "Êtes-vous satisfait?", buttonText: "Soumettre" },
          },
        },
        {
          type: "multiple_choice",
          question: "What features do you use?",
          choices: ["Analytics", "Feature Flags"],
          translations: { es: { question: "¿Qué funciones usas?", choices: ["Analítica", "Feature Flags"] } },
        },
      ],
      translations: {
        es: { name: "Encuesta de comentarios", description: "Ayúdanos a mejorar" },
        fr: { name: "Enquête de satisfaction" },
      },
    });
    expect(r.status).toBe(201);
    const s = (await ph().get(r.body.id)).body;
    expect(s.translations.es.name).toBe("Encuesta de comentarios");
    expect(s.translations.fr.name).toBe("Enquête de satisfaction");
    expect(s.questions[0].translations.es.question).toBe("¿Qué tan satisfecho estás?");
    expect(s.questions[0].translations.fr.question).toBe("Êtes-vous satisfait?");
    expect(s.questions[1].translations.es.choices).toEqual(["Analítica", "Feature Flags"]);
  });

  test.each([
    ["empty_string", "", false],
    ["absent", undefined, false],
    ["valid_url", "https://posthog.com/docs", true],
  ])("test_link_question_translation_allows_empty_link (%s)", async (_name, link, present) => {
    const translation: Record<string, unknown> = { question: "Mira nuestra documentación" };
    if (link !== undefined) translation.link = link;
    const r = await ph().post({
      name: "Link survey with translations",
      type: "popover",
      questions: [
        {
          type: "link",
          question: "Check out our docs",
          link: "https://posthog.com",
          translations: { es: translation },
        },
      ],
    });
    expect(r.status).toBe(201);
    const es = (await ph().get(r.body.id)).body.questions[0].translations.es;
    expect(es.question).toBe("Mira nuestra documentación");
    if (present) expect(es.link).toBe(link);
    else expect(es).not.toHaveProperty("link");
  });

  test("test_translation_language_codes_are_normalized", async () => {
    const r = await ph().post({
      name: "Customer feedback survey",
      description: "Help us improve",
      type: "popover",
      questions: [
        {
          type: "single_choice",
          question: "How satisfied are you?",
          choices: ["Happy", "Unhappy"],
          translations: {
            "RO-ro": { question: "Cat de multumit esti?", choices: ["Multumit", "Nemultumit"] },
          },
        },
      ],
      translations: { Ro_RO: { name: "Sondaj de feedback", thankYouMessageHeader: "Multumim!" } },
    });
    expect(r.status).toBe(201);
    const s = (await ph().get(r.body.id)).body;
    expect(Object.keys(s.translations)).toEqual(["ro-ro"]);
    expect(s.translations["ro-ro"].name).toBe("Sondaj de feedback");
    expect(s.questions[0].translations["ro-ro"].question).toBe("Cat de multumit esti?");
  });

  test.each([
    ["default_sentinel", "default"],
    ["language_name_alias", "english"],
    ["empty_subtag", ""],
    ["includes_invalid_chars", "en US"],
    ["non_bcp47_word", "custom-customer-locale"],
  ])("test_translation_rejects_invalid_language_codes (%s)", async (_name, code) => {
    const r = await ph().post({
      name: "Survey",
      type: "popover",
      questions: OPEN,
      translations: { [code]: { name: "Translated" } },
    });
    expect(r.status).toBe(400);
    expect(r.body.detail.toLowerCase()).toContain("translation");
    expect(r.body.attr).toBe("translations");
  });

  test("test_translation_rejects_base_language_collision", async () => {
    const r = await ph().post({
      name: "Survey",
      type: "popover",
      base_language: "en",
      questions: OPEN,
      translations: { en: { name: "Translated" } },
    });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(
      "Survey translation: 'en' matches the survey's base language ('en'). The original text already covers this language — translate to a different language.",
    );
  });

  test("test_translation_rejects_base_language_collision_in_question", async () => {
    const r = await ph().post({
      name: "Survey",
      type: "popover",
      base_language: "es",
      questions: [{ type: "open", question: "¿Cómo estás?", translations: { ES: { question: "Hola" } } }],
    });
    expect(r.status).toBe(400);
    expect(r.body.detail.toLowerCase()).toContain("base language");
    expect(r.body.attr).toBe("questions");
  });

  test("test_survey_defaults_to_english_base_language", async () => {
    const r = await ph().post({ name: "Survey", type: "popover", questions: OPEN });
    expect(r.status).toBe(201);
    expect(r.body.base_language).toBe("en");
    expect((await ph().get(r.body.id)).body.base_language).toBe("en");
  });

  test("test_can_set_non_english_base_language", async () => {
    const r = await ph().post({
      name: "Encuesta",
      type: "popover",
      base_language: "es-MX",
      questions: [{ type: "open", question: "¿Cómo estás?" }],
      translations: { en: { name: "Survey" } },
    });
    expect(r.status).toBe(201);
    expect(r.body.base_language).toBe("es-mx");
    expect((await ph().get(r.body.id)).body.translations).toHaveProperty("en");
  });

  test("test_base_language_rejects_invalid_value", async () => {
    const r = await ph().post({ name: "Survey", type: "popover", base_language: "english", questions: OPEN });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      type: "validation_error",
      code: "invalid_input",
      detail: "'english' is not a valid language code. Use BCP-47 codes like 'en', 'es', or 'es-MX'.",
      attr: "base_language",
    });
  });

  /** A survey whose stored translations PostHog's validation would refuse today (seeded past validation). */
  async function legacySurvey(translations: Record<string, unknown>, baseLanguage = "en") {
    const s = await ph().post({
      name: "Legacy survey",
      type: "popover",
      base_language: baseLanguage,
      questions: [{ type: "open", id: "q1", question: "Question?" }],
    });
    await ph().h.control("POST", `/surveys/${s.body.id}/stored`, { translations });
    return s.body.id as string;
  }

  test("test_legacy_translation_keys_are_preserved_on_unrelated_update", async () => {
    const id = await legacySurvey({
      default: { name: "Should never have been a key" },
      es: { name: "Encuesta válida" },
    });
    const r = await ph().patch(id, { name: "Renamed" });
    expect(r.status).toBe(200);
    expect((await ph().get(id)).body.translations).toEqual({
      default: { name: "Should never have been a key" },
      es: { name: "Encuesta válida" },
    });
  });

  test("test_legacy_translation_keys_can_still_be_edited", async () => {
    const id = await legacySurvey({ default: { name: "Old text" } });
    const r = await ph().patch(id, { translations: { default: { name: "Edited text" } } });
    expect(r.status).toBe(200);
    expect((await ph().get(id)).body.translations.default).toEqual({ name: "Edited text" });
  });

  test("test_new_bad_keys_still_rejected_on_legacy_survey", async () => {
    const id = await legacySurvey({ default: { name: "Old text" } });
    const r = await ph().patch(id, {
      translations: { default: { name: "Old text" }, english: { name: "Newly added bad key" } },
    });
    expect(r.status).toBe(400);
    expect(r.body.detail.toLowerCase()).toContain("english");
  });

  test("test_new_translation_collides_with_legacy_case_variant", async () => {
    const id = await legacySurvey({ EN: { name: "Legacy uppercase" } }, "es");
    const r = await ph().patch(id, {
      translations: { EN: { name: "Legacy uppercase" }, en: { name: "New lowercase" } },
    });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("Survey translation: 'en' collides with another translation for 'en'.");
  });

  test("test_base_language_change_rejects_collision_with_existing_translation", async () => {
    const s = await ph().post({
      name: "Multi-language survey",
      type: "popover",
      base_language: "en",
      questions: OPEN,
      translations: { fr: { name: "French" } },
    });
    const r = await ph().patch(s.body.id, { base_language: "fr" });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      type: "validation_error",
      code: "invalid_input",
      detail:
        "'fr' already exists as a translation key on this survey. Remove the translation first, or pick a different base language.",
      attr: "base_language",
    });
  });

  test("test_can_create_survey_without_translations", async () => {
    const r = await ph().post({
      name: "Basic survey",
      type: "popover",
      questions: [{ type: "open", question: "How are you?" }],
    });
    expect(r.status).toBe(201);
    const s = (await ph().get(r.body.id)).body;
    expect(s.translations).toBeNull();
    expect(s.questions[0]).not.toHaveProperty("translations");
  });

  test("test_can_remove_survey_translations", async () => {
    const created = await ph().post({
      name: "Translated survey",
      type: "popover",
      questions: [{ type: "open", question: "Feedback?" }],
      translations: { es: { name: "Encuesta traducida" } },
    });
    const r = await ph().patch(created.body.id, { translations: null });
    expect(r.status).toBe(200);
    expect((await ph().get(created.body.id)).body.translations).toBeNull();
  });

  test("test_choices_array_length_mismatch_rejected", async () => {
    const r = await ph().post({
      name: "Survey",
      type: "popover",
      questions: [
        {
          type: "single_choice",
          question: "Pick one",
          choices: ["Option A", "Option B", "Option C"],
          translations: { es: { question: "Elige uno", choices: ["Opción A", "Opción B"] } },
        },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe(
      "Question 1: Translation 'es' has 2 choices but question has 3 choices. Array lengths must match to avoid partial translations.",
    );
  });

  test("test_translated_link_validation", async () => {
    const withLink = (link: string, translated: string) =>
      ph().post({
        name: "Survey",
        type: "popover",
        questions: [{ type: "link", question: "Click", link, translations: { es: { link: translated } } }],
      });
    const scheme = await withLink("https://example.com", "ftp://invalid.com");
    expect(scheme.status).toBe(400);
    expect(scheme.body.detail).toBe("Link must be a URL with one of these schemes: [https, mailto]");
    const mailto = await withLink("mailto:test@example.com", "mailto:invalid");
    expect(mailto.status).toBe(400);
    expect(mailto.body.detail.toLowerCase()).toContain("invalid mailto");
  });

  test("test_choices_translation_on_non_choice_question_silently_removed", async () => {
    const r = await ph().post({
      name: "Survey",
      type: "popover",
      questions: [
        {
          type: "open",
          question: "What do you think?",
          translations: { es: { question: "¿Qué piensas?", choices: ["Option A", "Option B"] } },
        },
      ],
    });
    expect(r.status).toBe(201);
    expect(r.body.questions[0].translations.es).toEqual({ question: "¿Qué piensas?" });
  });

  test("test_create_adds_user_interactivity_filters", async () => {
    const r = await ph().post({
      name: "Notebooks beta release survey",
      description: "Get feedback on the new notebooks feature",
      type: "popover",
      questions: [{ type: "open", question: "What do you think of the new notebooks feature?" }],
      targeting_flag_filters: null,
    });
    expect(r.status).toBe(201);
    expect(r.body.schedule).toBe("once");
    const internal = (await ph().flag(r.body.internal_targeting_flag.id)).body;
    expect(internal.filters).toEqual(interactedFilters(r.body.id));
    expect(internal.active).toBe(false);
    await ph().patch(r.body.id, { start_date: daysFromNow(-1) });
    expect((await ph().flag(internal.id)).body.active).toBe(true);
  });

  test("test_adding_iterations_to_existing_survey_updates_internal_targeting_flag", async () => {
    const r = await ph().post({
      name: "Survey without iterations initially",
      type: "popover",
      questions: [{ type: "open", question: "What do you think?" }],
    });
    const internalId = r.body.internal_targeting_flag.id;
    expect((await ph().flag(internalId)).body.filters).toEqual(interactedFilters(r.body.id));
    const u = await ph().patch(r.body.id, {
      start_date: daysFromNow(-1),
      iteration_count: 3,
      iteration_frequency_days: 30,
    });
    expect(u.status).toBe(200);
    expect(u.body.current_iteration).toBe(1);
    expect((await ph().flag(internalId)).body.filters).toEqual(interactedFilters(`${r.body.id}/1`));
  });

  test("test_can_create_survey_with_linked_flag_and_targeting", async () => {
    const notebooks = await ph().createFlag("notebooks");
    const r = await powerUsersSurvey({
      linked_flag_id: notebooks,
      targeting_flag_filters: BILLING_PLAN_TARGETING,
      conditions: NOTEBOOKS_URL,
    });
    expect(r.status).toBe(201);
    expect(r.body.linked_flag.id).toBe(notebooks);
    expect((await ph().flag(r.body.targeting_flag.id)).status).toBe(200);
    expect(r.body.targeting_flag.key).not.toBe("survey-targeting-power-users-survey");
    expect(r.body.targeting_flag.key).toMatch(/^survey-targeting-[a-z0-9]+$/);
    expect(r.body.schedule).toBe("once");
    expect(r.body.enable_partial_responses).toBe(false);
    expect(r.body.targeting_flag.filters).toEqual(BILLING_PLAN_STORED);
    expect(r.body.conditions).toEqual({ url: "https://app.posthog.com/notebooks" });
    expect(r.body.questions).toEqual([
      {
        id: r.body.questions[0].id,
        type: "open",
        question: "What would you want to improve from notebooks?",
      },
    ]);
  });

  test("test_can_create_survey_with_targeting_with_remove_parameter", async () => {
    const r = await powerUsersSurvey({
      targeting_flag_filters: BILLING_PLAN_TARGETING,
      remove_targeting_flag: false,
      conditions: NOTEBOOKS_URL,
    });
    expect(r.status).toBe(201);
    expect((await ph().flag(r.body.targeting_flag.id)).status).toBe(200);
    expect(r.body.targeting_flag.filters).toEqual(BILLING_PLAN_STORED);
    expect(r.body.conditions).toEqual({ url: "https://app.posthog.com/notebooks" });
  });

  test("test_used_in_survey_is_populated_correctly_for_feature_flag_list", async () => {
    const notebooks = await ph().createFlag("notebooks");
    const first = await powerUsersSurvey({
      linked_flag_id: notebooks,
      targeting_flag_filters: BILLING_PLAN_TARGETING,
      conditions: NOTEBOOKS_URL,
    });
    expect(first.status).toBe(201);
    const second = await ph().post({
      name: "Notebooks random survey",
      type: "popover",
      questions: [{ type: "open", question: "What would you want to improve from notebooks?" }],
      linked_flag_id: notebooks,
      conditions: NOTEBOOKS_URL,
    });
    expect(second.body.targeting_flag).toBeNull();
    await ph().createFlag("flag_0", { groups: [{ rollout_percentage: 5 }] });
    const list = await ph().h.api("GET", `/api/projects/${ph().h.em.projectId}/feature_flags`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(
      list.body.results.map((f: { key: string; surveys: Array<{ id: string }> }) => [
        f.key,
        f.surveys.map((s) => s.id).sort(),
      ]),
    ).toEqual([
      ["flag_0", []],
      ["notebooks", [first.body.id, second.body.id].sort()],
    ]);
  });

  test("test_updating_survey_with_invalid_iteration_count_is_rejected", async () => {
    const r = await ph().post({
      name: "survey with targeting",
      type: "popover",
      targeting_flag_filters: { groups: [{ variant: null, rollout_percentage: null }] },
      iteration_count: 501,
      conditions: NOTEBOOKS_URL,
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      type: "validation_error",
      code: "max_value",
      detail: "Ensure this value is less than or equal to 500.",
      attr: "iteration_count",
    });
  });

  test("test_updating_survey_with_invalid_targeting_throws_appropriate_error", async () => {
    // PostHog seeds the cohort through the ORM; the emulator through its cohort control.
    const cohort = await ph().h.control("POST", "/cohorts", {
      name: "cohort2",
      filters: {
        properties: {
          type: "AND",
          values: [
            {
              key: "$pageview",
              event_type: "events",
              time_value: 2,
              time_interval: "week",
              value: "performed_event_first_time",
              type: "behavioral",
            },
            { key: "email", value: "test@posthog.com", type: "person" },
          ],
        },
      },
    });
    expect(cohort.status).toBe(201);
    const r = await ph().post({
      name: "survey with targeting",
      type: "popover",
      targeting_flag_filters: {
        groups: [
          {
            variant: null,
            rollout_percentage: null,
            properties: [{ key: "id", value: cohort.body.id, operator: "exact", type: "cohort" }],
          },
        ],
      },
      conditions: NOTEBOOKS_URL,
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      type: "validation_error",
      code: "behavioral_cohort_found",
      detail: "Cohort 'cohort2' with filters on events cannot be used in surveys.",
      attr: null,
    });
  });

  test("test_updating_survey_with_targeting_creates_or_updates_targeting_flag", async () => {
    const withTargeting = await targetedSurvey();
    const without = await ph().post({ name: "survey without targeting", type: "popover" });
    expect(without.body.targeting_flag).toBeNull();
    const created = await ph().patch(without.body.id, {
      targeting_flag_filters: {
        groups: [
          {
            variant: null,
            rollout_percentage: null,
            properties: [{ key: "email", value: ["max@posthog.com"], operator: "exact", type: "person" }],
          },
        ],
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.name).toBe("survey without targeting");
    expect((await ph().flag(created.body.targeting_flag.id)).status).toBe(200);
    const flagId = withTargeting.body.targeting_flag.id;
    expect((await ph().flag(flagId)).body.filters).toEqual(BILLING_PLAN_STORED);
    const updated = await ph().patch(withTargeting.body.id, {
      targeting_flag_filters: { groups: [{ variant: null, rollout_percentage: 20, properties: [] }] },
    });
    expect(updated.status).toBe(200);
    expect((await ph().flag(flagId)).body.filters).toEqual({
      groups: [{ variant: null, properties: [], rollout_percentage: 20, aggregation_group_type_index: null }],
      aggregation_group_type_index: null,
    });
  });

  test("test_updating_survey_to_send_none_targeting_doesnt_delete_targeting_flag", async () => {
    const s = await targetedSurvey();
    const flagId = s.body.targeting_flag.id;
    const r = await ph().patch(s.body.id, { name: "other" });
    expect(r.status).toBe(200);
    expect(r.body.name).toBe("other");
    expect(r.body.targeting_flag).not.toBeNull();
    expect((await ph().flag(flagId)).status).toBe(200);
  });

  test("test_updating_survey_to_remove_targeting_deletes_targeting_flag", async () => {
    const s = await targetedSurvey();
    const flagId = s.body.targeting_flag.id;
    const r = await ph().patch(s.body.id, { remove_targeting_flag: true });
    expect(r.status).toBe(200);
    expect(r.body.name).toBe("survey with targeting");
    expect(r.body.targeting_flag).toBeNull();
    expect((await ph().flag(flagId)).status).toBe(404);
  });

  test("test_updating_survey_other_props_doesnt_delete_targeting_flag", async () => {
    const s = await targetedSurvey();
    const r = await ph().patch(s.body.id, { start_date: "2023-04-01T12:00:10" });
    expect(r.status).toBe(200);
    expect(r.body.name).toBe("survey with targeting");
    expect(r.body.targeting_flag).not.toBeNull();
    expect((await ph().flag(s.body.targeting_flag.id)).status).toBe(200);
  });

  test("test_survey_targeting_flag_validation", async () => {
    const s = await targetedSurvey();
    const invalid =
      "Invalid operation: User targeting rolls out to everyone. If you want to roll out to everyone, delete this targeting";
    const patchGroups = (groups: unknown[]) => ph().patch(s.body.id, { targeting_flag_filters: { groups } });
    const everyone = await patchGroups([{ variant: null, rollout_percentage: null, properties: [] }]);
    expect(everyone.status).toBe(400);
    expect(everyone.body.detail).toBe(invalid);
    const oneOfTwo = await patchGroups([
      { variant: null, rollout_percentage: 100, properties: [{ key: "value" }] },
      { variant: null, rollout_percentage: null, properties: [] },
    ]);
    expect(oneOfTwo.status).toBe(400);
    expect(oneOfTwo.body.detail).toBe(invalid);
    const full = await patchGroups([
      { variant: null, rollout_percentage: 100, properties: [{ key: "value" }] },
      { variant: null, rollout_percentage: 100, properties: [] },
    ]);
    expect(full.status).toBe(400);
    expect(full.body.detail).toBe(invalid);
    const partial = await patchGroups([
      {
        variant: null,
        rollout_percentage: 100,
        properties: [{ key: "value", type: "person", value: "bleh" }],
      },
      { variant: null, rollout_percentage: 30, properties: [] },
    ]);
    expect(partial.status).toBe(200);
  });

  test.each([["regex"], ["not_regex"]])(
    "test_survey_targeting_flag_rejects_invalid_regex (%s)",
    async (operator) => {
      const r = await ph().post({
        name: "survey with bad regex",
        type: "popover",
        targeting_flag_filters: {
          groups: [
            {
              variant: null,
              rollout_percentage: null,
              properties: [{ key: "email", value: "[unclosed", operator, type: "person" }],
            },
          ],
        },
        conditions: NOTEBOOKS_URL,
      });
      expect(r.status).toBe(400);
      expect(r.body.detail).toContain("invalid regex pattern");
      expect((await ph().list()).body.count).toBe(0);
    },
  );

  test("test_survey_targeting_flag_numeric_validation", async () => {
    const r = await ph().post({
      name: "survey with numeric targeting",
      type: "popover",
      targeting_flag_filters: {
        groups: [
          {
            variant: null,
            rollout_percentage: null,
            properties: [{ key: "$browser_version", value: "10", operator: "gt", type: "person" }],
          },
        ],
      },
      conditions: { url: "" },
    });
    expect(r.status).toBe(201);
  });

  test("test_updating_survey_to_send_none_linked_flag_removes_linking", async () => {
    const linked = await ph().createFlag("early-access");
    const s = await ph().post({
      name: "survey with targeting",
      type: "popover",
      linked_flag_id: linked,
      conditions: NOTEBOOKS_URL,
    });
    expect(s.body.linked_flag.id).toBe(linked);
    const r = await ph().patch(s.body.id, { linked_flag_id: null });
    expect(r.status).toBe(200);
    expect(r.body.name).toBe("survey with targeting");
    expect(r.body.linked_flag).toBeNull();
    expect((await ph().flag(linked)).status).toBe(200);
  });

  test("test_deleting_survey_does_not_delete_linked_flag", async () => {
    const linked = await ph().createFlag("early-access");
    const s = await ph().post({ name: "Early access survey", type: "popover", linked_flag_id: linked });
    const del = await ph().h.api("DELETE", `${ph().surveys}${s.body.id}/`);
    expect(del.status).toBe(204);
    expect((await ph().flag(linked)).status).toBe(200);
  });

  test("test_creating_survey_with_linked_flag_from_different_team_returns_400", async () => {
    const other = await ph().otherProject();
    const otherFlag = await ph().createFlag("other-team-flag", undefined, other);
    const r = await testSurvey({
      linked_flag_id: otherFlag,
    });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("Feature Flag with this ID does not exist");
  });

  test("test_updating_survey_with_linked_flag_from_different_team_returns_400", async () => {
    const own = await ph().createFlag("own-flag");
    const s = await testSurvey({
      linked_flag_id: own,
    });
    const other = await ph().otherProject();
    const otherFlag = await ph().createFlag("other-team-flag", undefined, other);
    const r = await ph().patch(s.body.id, { linked_flag_id: otherFlag });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("Feature Flag with this ID does not exist");
  });

  test("test_creating_survey_with_targeting_flag_from_different_team_returns_400", async () => {
    const other = await ph().otherProject();
    const otherFlag = await ph().createFlag("other-team-flag", undefined, other);
    const r = await testSurvey({
      targeting_flag_id: otherFlag,
    });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("Targeting Feature Flag with this ID does not exist");
    expect((await ph().h.api("GET", `/api/projects/${other}/feature_flags/${otherFlag}/`)).status).toBe(200);
  });

  test("test_updating_survey_with_targeting_flag_from_different_team_returns_400", async () => {
    const s = await testSurvey({});
    const other = await ph().otherProject();
    const otherFlag = await ph().createFlag("other-team-flag", undefined, other);
    const r = await ph().patch(s.body.id, { targeting_flag_id: otherFlag });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("Targeting Feature Flag with this ID does not exist");
    expect((await ph().h.api("GET", `/api/projects/${other}/feature_flags/${otherFlag}/`)).status).toBe(200);
  });

  test("test_creating_survey_with_nonexistent_linked_flag_returns_400", async () => {
    const r = await testSurvey({
      linked_flag_id: 999999,
    });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("Feature Flag with this ID does not exist");
  });

  test("test_creating_survey_with_linked_insight_from_different_team_returns_400", async () => {
    const other = await ph().otherProject();
    const insight = await ph().createInsight("other-team-insight", other);
    const r = await testSurvey({
      linked_insight_id: insight,
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      type: "validation_error",
      code: "invalid_input",
      detail: "Insight with this ID does not exist",
      attr: null,
    });
    expect((await ph().list()).body.count).toBe(0);
  });

  test("test_updating_survey_with_linked_insight_from_different_team_returns_400", async () => {
    const own = await ph().createInsight("own-insight");
    const s = await testSurvey({
      linked_insight_id: own,
    });
    const other = await ph().otherProject();
    const otherInsight = await ph().createInsight("other-team-insight", other);
    const r = await ph().patch(s.body.id, { linked_insight_id: otherInsight });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("Insight with this ID does not exist");
    expect((await ph().get(s.body.id)).body.linked_insight_id).toBe(own);
  });

  test("test_creating_survey_with_nonexistent_linked_insight_returns_400", async () => {
    const r = await testSurvey({
      linked_insight_id: 999999,
    });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("Insight with this ID does not exist");
  });

  test("test_can_create_survey_with_linked_insight_in_same_team", async () => {
    const own = await ph().createInsight("own-insight");
    const r = await testSurvey({
      linked_insight_id: own,
    });
    expect(r.status).toBe(201);
    expect((await ph().get(r.body.id)).body.linked_insight_id).toBe(own);
  });

  test("test_deleting_survey_deletes_targeting_flag", async () => {
    const s = await ph().post({
      name: "Notebooks power users survey",
      type: "popover",
      targeting_flag_filters: BILLING_PLAN_TARGETING,
    });
    const flagId = s.body.targeting_flag.id;
    expect((await ph().flag(flagId)).status).toBe(200);
    const del = await ph().h.api("DELETE", `${ph().surveys}${s.body.id}/`);
    expect(del.status).toBe(204);
    expect((await ph().flag(flagId)).status).toBe(404);
  });
});

describe("TestSurvey: flags follow the survey's lifecycle", () => {
  async function targetedFlags() {
    const s = await targetedSurvey();
    return {
      id: s.body.id as string,
      targeting: s.body.targeting_flag.id as number,
      internal: s.body.internal_targeting_flag.id as number,
    };
  }
  const active = async (flagId: number) => (await ph().flag(flagId)).body.active as boolean;

  test("test_inactive_surveys_disables_targeting_flag", async () => {
    const s = await targetedFlags();
    expect(await active(s.targeting)).toBe(false);
    await ph().patch(s.id, { start_date: daysFromNow(-1) });
    expect(await active(s.targeting)).toBe(true);
    await ph().patch(s.id, { end_date: daysFromNow(1) });
    expect(await active(s.targeting)).toBe(false);
    await ph().patch(s.id, { end_date: null });
    expect(await active(s.targeting)).toBe(true);
  });

  test("test_inactive_surveys_disables_internal_targeting_flag", async () => {
    const r = await ph().post({
      name: "survey with targeting",
      type: "popover",
      conditions: NOTEBOOKS_URL,
    });
    const internal = r.body.internal_targeting_flag.id;
    expect(await active(internal)).toBe(false);
    await ph().patch(r.body.id, { start_date: daysFromNow(-1) });
    expect(await active(internal)).toBe(true);
    await ph().patch(r.body.id, { end_date: daysFromNow(1) });
    expect(await active(internal)).toBe(false);
    await ph().patch(r.body.id, { end_date: null });
    expect(await active(internal)).toBe(true);
  });

  test("test_archiving_stopped_survey_disables_targeting_flag", async () => {
    const s = await targetedFlags();
    await ph().patch(s.id, { start_date: daysFromNow(-1) });
    expect([await active(s.targeting), await active(s.internal)]).toEqual([true, true]);
    await ph().patch(s.id, { end_date: daysFromNow(1) });
    expect([await active(s.targeting), await active(s.internal)]).toEqual([false, false]);
    await ph().patch(s.id, { archived: true });
    expect([await active(s.targeting), await active(s.internal)]).toEqual([false, false]);
  });

  test("test_unrelated_patch_to_stopped_survey_keeps_flags_inactive", async () => {
    const s = await targetedFlags();
    await ph().patch(s.id, { start_date: daysFromNow(-1) });
    expect([await active(s.targeting), await active(s.internal)]).toEqual([true, true]);
    await ph().patch(s.id, { end_date: daysFromNow(1) });
    expect([await active(s.targeting), await active(s.internal)]).toEqual([false, false]);
    await ph().patch(s.id, { name: "renamed survey" });
    expect([await active(s.targeting), await active(s.internal)]).toEqual([false, false]);
  });

  test("test_archiving_running_survey_disables_targeting_flag", async () => {
    const s = await targetedFlags();
    await ph().patch(s.id, { start_date: daysFromNow(-1) });
    expect([await active(s.targeting), await active(s.internal)]).toEqual([true, true]);
    await ph().patch(s.id, { archived: true, end_date: daysFromNow(0) });
    expect([await active(s.targeting), await active(s.internal)]).toEqual([false, false]);
  });

  test("test_unarchiving_stopped_survey_keeps_flags_inactive", async () => {
    const s = await targetedFlags();
    await ph().patch(s.id, { start_date: daysFromNow(-1) });
    await ph().patch(s.id, { end_date: daysFromNow(1) });
    await ph().patch(s.id, { archived: true });
    expect([await active(s.targeting), await active(s.internal)]).toEqual([false, false]);
    await ph().patch(s.id, { archived: false });
    expect([await active(s.targeting), await active(s.internal)]).toEqual([false, false]);
  });

  test("test_resuming_stopped_survey_reactivates_both_flags", async () => {
    const s = await targetedFlags();
    await ph().patch(s.id, { start_date: daysFromNow(-1) });
    await ph().patch(s.id, { end_date: daysFromNow(1) });
    expect([await active(s.targeting), await active(s.internal)]).toEqual([false, false]);
    await ph().patch(s.id, { end_date: null });
    expect([await active(s.targeting), await active(s.internal)]).toEqual([true, true]);
  });

  test("test_survey_with_wait_period_creates_targeting_flag_with_last_seen_date_check", async () => {
    const r = await ph().post({
      name: "Survey with wait period",
      type: "popover",
      questions: [{ type: "open", question: "What do you think?" }],
      conditions: { seenSurveyWaitPeriodInDays: 7 },
    });
    expect(r.status).toBe(201);
    const base = [
      { key: `$survey_dismissed/${r.body.id}`, type: "person", value: "is_not_set", operator: "is_not_set" },
      { key: `$survey_responded/${r.body.id}`, type: "person", value: "is_not_set", operator: "is_not_set" },
    ];
    expect((await ph().flag(r.body.internal_targeting_flag.id)).body.filters).toEqual({
      groups: [
        {
          variant: "",
          rollout_percentage: 100,
          properties: [
            ...base,
            { key: "$last_seen_survey_date", type: "person", value: "is_not_set", operator: "is_not_set" },
          ],
          aggregation_group_type_index: null,
        },
        {
          variant: "",
          rollout_percentage: 100,
          properties: [
            ...base,
            { key: "$last_seen_survey_date", type: "person", value: "7d", operator: "is_date_before" },
          ],
          aggregation_group_type_index: null,
        },
      ],
      aggregation_group_type_index: null,
    });
  });

  test("test_survey_without_wait_period_has_single_group_targeting_flag", async () => {
    const r = await ph().post({
      name: "Survey without wait period",
      type: "popover",
      questions: [{ type: "open", question: "What do you think?" }],
      conditions: { url: "https://example.com" },
    });
    expect((await ph().flag(r.body.internal_targeting_flag.id)).body.filters).toEqual(
      interactedFilters(r.body.id),
    );
  });

  test("test_updating_survey_wait_period_updates_targeting_flag", async () => {
    const r = await ph().post({
      name: "Survey to update",
      type: "popover",
      questions: [{ type: "open", question: "What do you think?" }],
    });
    const internal = r.body.internal_targeting_flag.id;
    expect((await ph().flag(internal)).body.filters.groups).toHaveLength(1);
    const u = await ph().patch(r.body.id, { conditions: { seenSurveyWaitPeriodInDays: 14 } });
    expect(u.status).toBe(200);
    const groups = (await ph().flag(internal)).body.filters.groups;
    expect(groups).toHaveLength(2);
    const lastSeen = groups[1].properties.find((p: { key: string }) => p.key === "$last_seen_survey_date");
    expect(lastSeen).toMatchObject({ value: "14d", operator: "is_date_before" });
  });
});

describe("TestSurvey: list and search", () => {
  const names = (r: { body: { results: Array<{ name: string }> } }) => r.body.results.map((s) => s.name);
  const create = (name: string, description = "") =>
    ph().post({ name, description, type: "popover", questions: [] });

  test("test_can_list_surveys", async () => {
    await ph().post({
      name: "Notebooks power users survey",
      type: "popover",
      description: "Make notebooks better",
      questions: [{ type: "open", question: "What would you want to improve from notebooks?" }],
    });
    const list = await ph().list();
    expect(list.status).toBe(200);
    const s = list.body.results[0];
    const internal = (await ph().flag(s.internal_targeting_flag.id)).body;
    expect(list.body).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: s.id,
          name: "Notebooks power users survey",
          description: "Make notebooks better",
          type: "popover",
          schedule: "once",
          enable_iframe_embedding: false,
          enable_partial_responses: false,
          questions: [
            {
              id: s.questions[0].id,
              type: "open",
              question: "What would you want to improve from notebooks?",
            },
          ],
          appearance: null,
          created_at: s.created_at,
          created_by: s.created_by,
          targeting_flag: null,
          base_language: "en",
          translations: null,
          internal_targeting_flag: {
            id: internal.id,
            team_id: ph().h.em.projectId,
            key: internal.key,
            name: "Targeting flag for survey Notebooks power users survey",
            filters: interactedFilters(s.id),
            deleted: false,
            active: false,
            ensure_experience_continuity: false,
            version: s.internal_targeting_flag.version,
            evaluation_runtime: "all",
            evaluation_contexts: [],
            bucketing_identifier: "distinct_id",
          },
          linked_flag: null,
          linked_flag_id: null,
          linked_insight_id: null,
          conditions: null,
          archived: false,
          start_date: null,
          end_date: null,
          responses_limit: null,
          feature_flag_keys: [
            { key: "linked_flag_key", value: null },
            { key: "targeting_flag_key", value: null },
            { key: "internal_targeting_flag_key", value: internal.key },
            { key: "internal_response_sampling_flag_key", value: null },
          ],
          iteration_count: null,
          iteration_frequency_days: null,
          iteration_start_dates: [],
          current_iteration: null,
          current_iteration_start_date: null,
          response_sampling_start_date: null,
          response_sampling_interval_type: "week",
          response_sampling_interval: null,
          response_sampling_limit: null,
          response_sampling_daily_limits: null,
          form_content: null,
          user_access_level: "manager",
        },
      ],
    });
  });

  test("test_updating_survey_name_validates", async () => {
    const s = await targetedSurvey();
    await ph().post({ name: "survey without targeting", type: "popover" });
    const r = await ph().patch(s.body.id, { name: "survey without targeting" });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("There is already another survey with this name.");
  });

  test("test_validate_schedule_on_create", async () => {
    const r = await ph().post({
      name: "survey with invalid schedule",
      type: "popover",
      schedule: "invalid_value",
      questions: [{ type: "open", question: "What's a survey?" }],
    });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("Schedule must be one of: once, recurring, always");
  });

  test("test_validate_schedule_on_update", async () => {
    const s = await ph().post({
      name: "survey to update",
      type: "popover",
      questions: [{ type: "open", question: "Why's a hedgehog?" }],
    });
    const r = await ph().patch(s.body.id, { schedule: "invalid_value" });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe("Schedule must be one of: once, recurring, always");
  });

  test("test_questions_get_ids_when_creating_survey", async () => {
    const r = await ph().post({
      name: "Question ID Test Survey",
      type: "popover",
      questions: [
        { type: "open", question: "What do you think of this feature?" },
        { type: "rating", question: "How would you rate this feature?", scale: 5 },
      ],
    });
    expect(r.status).toBe(201);
    for (const q of r.body.questions) expect(q.id.length).toBeGreaterThan(0);
  });

  test("test_question_ids_preserved_when_updating_survey", async () => {
    const created = await ph().post({
      name: "Question ID Update Test",
      type: "popover",
      questions: [
        { type: "open", question: "Original question 1" },
        { type: "rating", question: "Original question 2", scale: 5 },
      ],
    });
    const original = created.body.questions.map((q: { id: string }) => q.id);
    const u = await ph().patch(created.body.id, {
      questions: [
        { type: "open", question: "Updated question 1", id: original[0] },
        { type: "open", question: "New question without ID" },
      ],
    });
    expect(u.status).toBe(200);
    expect(u.body.questions).toHaveLength(2);
    expect(u.body.questions[0].id).toBe(original[0]);
    expect(u.body.questions[1].id).toBeTruthy();
    expect(original).not.toContain(u.body.questions[1].id);
  });

  test("test_custom_question_ids_accepted_when_creating_survey", async () => {
    const r = await ph().post({
      name: "Custom Question ID Test",
      type: "popover",
      questions: [
        { type: "open", question: "Question with custom ID 1", id: "custom-id-1" },
        { type: "open", question: "Question with custom ID 2", id: "custom-id-2" },
      ],
    });
    expect(r.status).toBe(201);
    expect(r.body.questions.map((q: { id: string }) => q.id)).toEqual(["custom-id-1", "custom-id-2"]);
  });

  test("test_search_survey_by_name", async () => {
    await create("NPS Survey 2024", "Annual NPS survey");
    const r = await ph().list("?search=NPS");
    expect(r.status).toBe(200);
    expect(names(r)).toEqual(["NPS Survey 2024"]);
  });

  test("test_search_survey_by_description", async () => {
    await create("Product Feedback Survey", "product feedback collection");
    const r = await ph().list("?search=product");
    expect(names(r)).toEqual(["Product Feedback Survey"]);
  });

  test("test_search_survey_with_no_results", async () => {
    const r = await ph().list("?search=nonexistent");
    expect(r.status).toBe(200);
    expect(r.body.results).toHaveLength(0);
  });

  test("test_search_survey_with_pagination", async () => {
    for (let i = 0; i < 15; i++) await create(`Product Survey ${i}`, `Product feedback ${i}`);
    const r = await ph().list("?search=Product&limit=10");
    expect(r.status).toBe(200);
    expect(r.body.results).toHaveLength(10);
    expect(r.body.next).not.toBeNull();
    expect(r.body.count).toBeGreaterThan(10);
  });

  test.each([
    [
      "exact match wins over partial matches",
      ["Ad Sales", "Email Sales", "Sales", "Sales Funnel", "Weekly Sales", "Unrelated"],
      "Sales",
      "Sales",
      ["Unrelated"],
    ],
    [
      "typo / transposition still matches via trigram",
      ["Customer feedback", "Unrelated"],
      "feeback",
      "Customer feedback",
      ["Unrelated"],
    ],
    [
      "prefix-as-you-type",
      ["Marketing survey", "Engineering survey"],
      "Marke",
      "Marketing survey",
      ["Engineering survey"],
    ],
    [
      "case-insensitive: lower",
      ["NPS Survey", "Engineering survey"],
      "nps",
      "NPS Survey",
      ["Engineering survey"],
    ],
    [
      "case-insensitive: upper",
      ["NPS Survey", "Engineering survey"],
      "NPS",
      "NPS Survey",
      ["Engineering survey"],
    ],
  ])("test_list_filter_by_search_relevance (%s)", async (_name, surveyNames, search, first, excluded) => {
    for (const name of surveyNames) await create(name);
    const r = await ph().list(`?search=${encodeURIComponent(search)}`);
    expect(r.status).toBe(200);
    const got = names(r);
    expect(got[0]).toBe(first);
    for (const name of excluded) expect(got).not.toContain(name);
  });

  test("test_list_filter_by_search_matches_description_with_lower_rank_than_name", async () => {
    const nameMatch = await create("revenue");
    const descriptionMatch = await create("Q4 review", "Quarterly revenue survey");
    await create("Unrelated");
    const r = await ph().list("?search=revenue");
    expect(r.body.results.slice(0, 2).map((s: { id: string }) => s.id)).toEqual([
      nameMatch.body.id,
      descriptionMatch.body.id,
    ]);
    expect(names(r)).not.toContain("Unrelated");
  });

  test.each([
    ["whitespace-only", "   "],
    ["empty", ""],
  ])("test_list_filter_by_search_blank_returns_all (%s)", async (_name, search) => {
    const a = await create("Alpha");
    const b = await create("Beta");
    const r = await ph().list(`?search=${encodeURIComponent(search)}`);
    expect(r.status).toBe(200);
    const ids = r.body.results.map((s: { id: string }) => s.id);
    expect(ids).toEqual(expect.arrayContaining([a.body.id, b.body.id]));
  });

  test.each([
    ["plain symbols", "&|!"],
    ["sql-injection-shaped", "'; DROP TABLE--"],
  ])("test_list_filter_by_search_pathological_input_does_not_500 (%s)", async (_name, search) => {
    await create("Survey overview");
    expect((await ph().list(`?search=${encodeURIComponent(search)}`)).status).toBe(200);
  });

  test("test_list_filter_by_search_nul_bytes_do_not_500", async () => {
    await create("Alpha");
    expect((await ph().list(`?search=${encodeURIComponent("\u0000\u0000\u0000")}`)).status).toBe(200);
  });

  test.each([
    ["at cap (200)", 200, 200],
    ["just over cap (201)", 201, 400],
    ["very long (10k)", 10_000, 400],
  ])("test_list_filter_by_search_enforces_length_cap (%s)", async (_name, length, status) => {
    const r = await ph().list(`?search=${"a".repeat(length)}`);
    expect(r.status).toBe(status);
    if (status === 400) {
      expect(r.body).toEqual({
        type: "validation_error",
        code: "invalid_input",
        detail: "Search query must be 200 characters or fewer.",
        attr: "search",
      });
    }
  });

  test.each([
    ["email in name", "alerts+ops@example.com", "alerts+ops@example.com"],
    ["uuid in name", "run 1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"],
    ["dotted identifier", "com.acme.billing survey", "com.acme.billing"],
  ])(
    "test_list_filter_by_search_matches_literal_substring_below_trigram_threshold (%s)",
    async (_name, surveyName, search) => {
      const matching = await create(surveyName);
      await create("Totally unrelated");
      const r = await ph().list(`?search=${encodeURIComponent(search)}`);
      expect(r.status).toBe(200);
      const byId = Object.fromEntries(
        r.body.results.map((s: { id: string; search_match_type: string }) => [s.id, s.search_match_type]),
      );
      expect(byId[matching.body.id]).toBe("exact");
      expect(names(r)).not.toContain("Totally unrelated");
    },
  );

  test("test_list_filter_by_search_hides_similar_matches_when_exact_matches_exist", async () => {
    for (const name of ["feedback survey", "survey feedback", "feeback form", "Engineering survey"])
      await create(name);
    const r = await ph().list("?search=feedback");
    const byName = Object.fromEntries(
      r.body.results.map((s: { name: string; search_match_type: string }) => [s.name, s.search_match_type]),
    );
    expect(byName).toEqual({ "feedback survey": "exact", "survey feedback": "exact" });
  });

  test("test_list_filter_by_search_match_type_absent_without_search", async () => {
    await create("Alpha");
    const r = await ph().list();
    expect(r.body.results.length).toBeGreaterThan(0);
    for (const s of r.body.results) expect(s).not.toHaveProperty("search_match_type");
  });
});
