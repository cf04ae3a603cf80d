// The check rules of the nested survey settings (src/resources/survey/settings): unknown keys refused with the
// nearest typed key, PostHog-shaped settings accepted, PostHog's rating scales, the escape hatch, and the
// JSON Schema the catalogue derives from the rules.
import { z } from "zod";
import { validateSurveyInputs } from "../../src/resources/survey/validate";
import { fieldMatches } from "../../src/resources/survey/fields";
import { appearanceRule } from "../../src/resources/survey/settings/appearance-rule";
import { conditionsRule } from "../../src/resources/survey/settings/conditions-rule";
import { questionRule } from "../../src/resources/survey/settings/questions-rule";
import { declaredSetting, questionsOnWire, settingOnWire } from "../../src/resources/survey/settings/extra";
import {
  EDITOR_APPEARANCE,
  TEMPLATE_CONDITIONS,
  TEMPLATE_QUESTIONS,
} from "../support/posthog-survey-settings";

const valid = { name: "Settings", type: "popover" };
const reasons = (inputs: Record<string, unknown>) => validateSurveyInputs({ ...valid, ...inputs });

describe("an unknown key is refused at its path, with the typed key it most likely meant", () => {
  it.each([
    [
      { appearance: { surveyPopupDelay: 5 } },
      "appearance",
      'appearance.surveyPopupDelay: unknown key; did you mean "surveyPopupDelaySeconds"?',
    ],
    [
      { appearance: { backgroundColour: "#fff" } },
      "appearance",
      'appearance.backgroundColour: unknown key; did you mean "backgroundColor"?',
    ],
    [
      {
        questions: [
          { type: "open", question: "Why?" },
          { type: "rating", question: "How likely?", scale: 10, isNPSQuestion: true },
        ],
      },
      "questions",
      'questions[1].isNPSQuestion: unknown key; did you mean "isNpsQuestion"?',
    ],
    [
      { conditions: { seenSurveyWaitPeriodInDay: 7 } },
      "conditions",
      'conditions.seenSurveyWaitPeriodInDay: unknown key; did you mean "seenSurveyWaitPeriodInDays"?',
    ],
    [
      { questions: [{ type: "open", question: "Q", translations: { fr: { questoin: "Q ?" } } }] },
      "questions",
      'questions[0].translations.fr.questoin: unknown key; did you mean "question"?',
    ],
    [
      { appearance: { wibble: true } },
      "appearance",
      'appearance.wibble: unknown key. A key PostHog added after this provider goes in "extra".',
    ],
  ])("%j", (inputs, property, reason) => {
    expect(reasons(inputs)).toEqual([{ property, reason }]);
  });

  it("a misspelt required key is one mistake: reported at the misspelt key, not also as missing", () => {
    expect(reasons({ conditions: { events: { values: [{ nmae: "$pageview" }] } } })).toEqual([
      {
        property: "conditions",
        reason: 'conditions.events.values[0].nmae: unknown key; did you mean "name"?',
      },
    ]);
  });

  it("an event with no name says the name is required; one with a number says it must be a string", () => {
    expect(reasons({ conditions: { events: { values: [{}] } } })).toEqual([
      {
        property: "conditions",
        reason: 'conditions.events.values[0].name: event name is required, e.g. {name: "$pageview"}.',
      },
    ]);
    expect(reasons({ conditions: { events: { values: [{ name: 7 }] } } })).toEqual([
      { property: "conditions", reason: "conditions.events.values[0].name: event name must be a string." },
    ]);
  });

  it("a key of another question type or branching names the types it is for and the fix, once", () => {
    expect(reasons({ questions: [{ type: "open", question: "Q", choices: ["a"] }] })).toEqual([
      {
        property: "questions",
        reason:
          'questions[0].choices: choices is for "single_choice" or "multiple_choice" questions; this question is ' +
          '"open". Remove choices, or change its type.',
      },
    ]);
    expect(
      reasons({
        questions: [
          { type: "open", question: "Q" },
          { type: "open", question: "Q", scale: 5 },
        ],
      }),
    ).toEqual([
      {
        property: "questions",
        reason:
          'questions[1].scale: scale is for "rating" questions; this question is "open". Remove scale, or set ' +
          'type: "rating".',
      },
    ]);
    expect(
      reasons({
        questions: [
          { type: "single_choice", question: "Q", choices: ["a"], branching: { type: "end", index: 1 } },
        ],
      }),
    ).toEqual([
      {
        property: "questions",
        reason:
          'questions[0].branching.index: index is for "specific_question" branching; this branching is "end". ' +
          'Remove index, or set type: "specific_question".',
      },
    ]);
  });

  it("a key a question type or branching needs, missing, names the type that needs it", () => {
    expect(reasons({ questions: [{ type: "multiple_choice", question: "Q" }] })).toEqual([
      {
        property: "questions",
        reason:
          'questions[0].choices: a "multiple_choice" question needs choices, a list of at least one. Add choices, ' +
          "or change its type.",
      },
    ]);
    expect(
      reasons({ questions: [{ type: "open", question: "Q", branching: { type: "response_based" } }] }),
    ).toEqual([
      {
        property: "questions",
        reason:
          'questions[0].branching.responseValues: a "response_based" branching needs responseValues, each answer ' +
          'to a question index or "end".',
      },
    ]);
  });
});

describe("rating scales are PostHog's: 2, 3 or 5 emoji; 5, 7 or 10 numbers", () => {
  const rating = (display: string | undefined, scale: number) =>
    reasons({ questions: [{ type: "rating", question: "Q", display, scale }] });

  it.each([
    ["emoji", 2],
    ["emoji", 3],
    ["emoji", 5],
    ["number", 5],
    ["number", 7],
    ["number", 10],
    [undefined, 10],
  ])("accepts display %s with scale %i", (display, scale) => {
    expect(rating(display, scale)).toEqual([]);
  });

  it("refuses a scale that is no one's", () => {
    expect(rating("number", 6)).toEqual([
      {
        property: "questions",
        reason: "questions[0].scale: rating scale must be 2, 3 or 5 (emoji) or 5, 7 or 10 (number).",
      },
    ]);
  });

  it("refuses a scale of the other display", () => {
    expect(rating("number", 3)).toEqual([
      {
        property: "questions",
        reason: 'questions[0].scale: a rating with display "number" takes a scale of 5, 7, 10, not 3.',
      },
    ]);
    expect(rating("emoji", 10)).toEqual([
      {
        property: "questions",
        reason: 'questions[0].scale: a rating with display "emoji" takes a scale of 2, 3, 5, not 10.',
      },
    ]);
  });
});

describe("settings as PostHog writes them are accepted", () => {
  it("the editor's appearance, a template's conditions with PostHog's answer for an action, and template questions", () => {
    const action = {
      id: 12,
      name: "Signed up",
      steps: [{ event: "$pageview" }],
      created_at: "2026-01-01T00:00:00Z",
    };
    expect(
      reasons({
        appearance: EDITOR_APPEARANCE,
        conditions: { ...TEMPLATE_CONDITIONS, actions: { values: [action] } },
        questions: TEMPLATE_QUESTIONS,
      }),
    ).toEqual([]);
  });

  it("null and empty settings", () => {
    expect(reasons({ appearance: null, conditions: null, questions: [] })).toEqual([]);
    expect(
      reasons({ appearance: {}, conditions: { events: null, actions: null, cancelEvents: null } }),
    ).toEqual([]);
  });
});

describe("what PostHog refuses, drops or rewrites in a question is refused", () => {
  const question = (q: Record<string, unknown>) =>
    reasons({ questions: [{ type: "open", question: "Q", ...q }] });

  it.each([
    [
      { translations: { "pt-BR": { question: "P?" }, pt_br: { question: "P?" } } },
      'questions[0].translations.pt_br: "pt_br" and "pt-BR" are the same language ("pt-br"). Keep one of them.',
    ],
    [
      { translations: { default: { question: "P?" } } },
      'questions[0].translations.default: "default" is not a language: the untranslated text is the original. Set baseLanguage to its language instead of adding it as a translation.',
    ],
    [
      { translations: { english: { question: "P?" } } },
      'questions[0].translations.english: "english" is not a language code. Use a code such as "fr", "es" or "pt-BR" (not a language name such as "french").',
    ],
    [
      { translations: { EN: { question: "Q?" } } },
      "questions[0].translations.EN is the survey's base language (\"en\"): its texts are the survey's own. Remove the translation, or set baseLanguage to the texts' language.",
    ],
    [
      { translations: { fr: {} } },
      "questions[0].translations.fr: an empty translation is dropped by PostHog. Give it a text or leave the language out.",
    ],
    [
      { translations: { fr: { choices: ["a"] } } },
      "questions[0].translations.fr.choices: a translation has choices only on a choice question; PostHog drops them here. Remove them.",
    ],
    [
      {
        validation: [
          { type: "min_length", value: 20 },
          { type: "max_length", value: 10 },
        ],
      },
      "questions[0].validation: Minimum length cannot be greater than maximum length.",
    ],
    [
      { validation: [{ type: "regex" }] },
      "questions[0].validation[0].type: validation rule type must be one of: min_length, max_length, email.",
    ],
  ])("%j", (q, reason) => {
    expect(question(q)).toEqual([{ property: "questions", reason }]);
  });

  it("a translation must translate every choice", () => {
    expect(
      reasons({
        questions: [
          {
            type: "single_choice",
            question: "Q",
            choices: ["a", "b"],
            translations: { fr: { choices: ["A"] } },
          },
        ],
      }),
    ).toEqual([
      {
        property: "questions",
        reason:
          "questions[0].translations.fr.choices: has 1 choices but the question has 2. Translate every choice, in order.",
      },
    ]);
  });
});

describe("a language code follows one rule at survey and question level", () => {
  // PostHog: survey.py, _validate_translation_language_key runs for both, and stores _normalize_language_code's form.
  const keys = ["pt-BR", "pt_BR", "PT-br", "pt-br", "fr", "es-MX"];

  it.each(keys)("%s is accepted at both levels", (key) => {
    expect(
      reasons({
        translations: { [key]: { name: "N" } },
        questions: [{ type: "open", question: "Q", translations: { [key]: { question: "P?" } } }],
      }),
    ).toEqual([]);
  });

  it.each(keys)("%s compares equal to the code PostHog stores, at both levels", (key) => {
    const stored = key.toLowerCase().replace("_", "-");
    expect(fieldMatches("translations", { [key]: { name: "N" } }, { [stored]: { name: "N" } })).toBe(true);
    const question = (language: string) => [
      { id: "q1", type: "open", question: "Q", translations: { [language]: { question: "P?" } } },
    ];
    expect(fieldMatches("questions", question(key), question(stored))).toBe(true);
  });

  it("the same wrong key gets the same message at both levels", () => {
    const survey = reasons({ translations: { english: { name: "N" } } });
    const inQuestion = reasons({
      questions: [{ type: "open", question: "Q", translations: { english: { question: "P?" } } }],
    });
    expect(survey.map((f) => f.reason.replace("translations.", ""))).toEqual(
      inQuestion.map((f) => f.reason.replace("questions[0].translations.", "")),
    );
  });
});

describe("extra: the escape hatch for keys PostHog adds later", () => {
  it("is accepted on appearance, conditions and each question, unchecked", () => {
    expect(
      reasons({
        appearance: { backgroundColor: "#fff", extra: { brandNewKey: { nested: [1] } } },
        conditions: { url: "/", extra: { newCondition: "x" } },
        questions: [{ type: "open", question: "Q", extra: { newQuestionKey: true } }],
      }),
    ).toEqual([]);
  });

  it("refuses a key declared both directly and in extra", () => {
    expect(reasons({ appearance: { backgroundColor: "#fff", extra: { backgroundColor: "#000" } } })).toEqual([
      {
        property: "appearance",
        reason:
          'appearance.extra.backgroundColor: "backgroundColor" is declared both directly and in extra. Keep one.',
      },
    ]);
  });

  it("is merged into what PostHog receives", () => {
    expect(settingOnWire({ url: "/", extra: { newCondition: "x" } })).toEqual({
      url: "/",
      newCondition: "x",
    });
    expect(settingOnWire(null)).toBeNull();
    expect(
      questionsOnWire([
        { type: "open", question: "Q", extra: { k: 1 } },
        { type: "open", question: "R" },
      ]),
    ).toEqual([
      { type: "open", question: "Q", k: 1 },
      { type: "open", question: "R" },
    ]);
  });

  it("is where export puts the keys PostHog holds that the provider does not type, so the program checks", () => {
    const stored = {
      appearance: { backgroundColor: "#fff", brandNewKey: 1 },
      conditions: { url: "/", newCondition: "x" },
      questions: [
        { id: "q1", type: "rating", question: "Q", scale: 5, display: "number", newQuestionKey: true },
      ],
    };
    const declared = {
      appearance: declaredSetting("appearance", stored.appearance),
      conditions: declaredSetting("conditions", stored.conditions),
      questions: declaredSetting("questions", stored.questions),
    };
    expect(declared).toEqual({
      appearance: { backgroundColor: "#fff", extra: { brandNewKey: 1 } },
      conditions: { url: "/", extra: { newCondition: "x" } },
      questions: [
        {
          id: "q1",
          type: "rating",
          question: "Q",
          scale: 5,
          display: "number",
          extra: { newQuestionKey: true },
        },
      ],
    });
    expect(reasons(declared)).toEqual([]);
    expect(settingOnWire(declared.appearance)).toEqual(stored.appearance);
  });
});

describe("the rules turn into JSON Schema (z.toJSONSchema), objects with their typed properties", () => {
  const objectOf = (schema: Record<string, unknown>) => {
    const options = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
    return options ? options.find((o) => o.type === "object") : schema;
  };

  it("appearance and conditions: one object, no other properties", () => {
    for (const [rule, some] of [
      [appearanceRule, ["backgroundColor", "surveyPopupDelaySeconds", "widgetType", "extra"]],
      [conditionsRule, ["url", "seenSurveyWaitPeriodInDays", "events", "actions", "extra"]],
    ] as const) {
      const object = objectOf(z.toJSONSchema(rule));
      expect(object).toMatchObject({ type: "object", additionalProperties: false });
      expect(Object.keys(object?.properties as object)).toEqual(expect.arrayContaining([...some]));
    }
  });

  it("a question: one object per type", () => {
    const schema = z.toJSONSchema(questionRule);
    const options = schema.oneOf as { properties: { type: { const: string } } }[];
    expect(options.map((o) => o.properties.type.const)).toEqual([
      "open",
      "link",
      "rating",
      "single_choice",
      "multiple_choice",
    ]);
    const rating = options[2];
    expect(rating).toMatchObject({
      type: "object",
      additionalProperties: false,
      properties: { scale: { enum: [2, 3, 5, 7, 10] }, isNpsQuestion: { type: "boolean" } },
    });
  });
});
