// Check refuses what PostHog refuses in the fields added with issue 21, naming the camelCase input and the fix.
// PostHog: products/surveys/backend/api/survey.py (validate_translations, _validate_translation_language_key,
// validate's response-sampling rules); the clock-reading sampling rule is in sampling-rules.ts.
import { validateSurveyInputs } from "../../src/resources/survey/validate";
import { samplingStartFailures } from "../../src/resources/survey/sampling-rules";

const valid = { name: "NPS", type: "popover" };
const reasons = (inputs: Record<string, unknown>) =>
  validateSurveyInputs({ ...valid, ...inputs }).map((f) => `${f.property}: ${f.reason}`);

test("the new fields accept PostHog's values", () => {
  expect(
    reasons({
      enableIframeEmbedding: true,
      linkedInsightId: 12,
      responseSamplingStartDate: "2031-01-01",
      responseSamplingIntervalType: "month",
      responseSamplingInterval: 1,
      responseSamplingLimit: 10,
      translations: { fr: { name: "Enquête" }, pt_BR: { thankYouMessageHeader: "Obrigado" } },
      formContent: { blocks: [] },
    }),
  ).toEqual([]);
});

test("translation keys: language codes, not the base language, not twice", () => {
  expect(reasons({ translations: { french: { name: "x" } } })).toEqual([
    'translations: translations.french: "french" is not a language code. Use a code such as "fr", "es" or "pt-BR" (not a language name such as "french").',
  ]);
  expect(reasons({ translations: { default: { name: "x" } } })).toEqual([
    'translations: translations.default: "default" is not a language: the untranslated text is the original. Set baseLanguage to its language instead of adding it as a translation.',
  ]);
  expect(reasons({ translations: { "pt-BR": { name: "x" }, pt_br: { name: "y" } } })).toEqual([
    'translations: translations.pt_br: "pt_br" and "pt-BR" are the same language ("pt-br"). Keep one of them.',
  ]);
  expect(reasons({ baseLanguage: "fr", translations: { FR: { name: "x" } } })).toEqual([
    "translations: translations.FR is the survey's base language (\"fr\"): its texts are the survey's own. Remove the translation, or set baseLanguage to the texts' language.",
  ]);
  expect(reasons({ translations: { en: { name: "x" } } })[0]).toContain('base language ("en")');
});

test("translation texts: only the ones PostHog translates, and at least one", () => {
  expect(reasons({ translations: { fr: { title: "x" } } })).toEqual([
    'translations: translations.fr: "title" is not a text PostHog translates. Remove it or rename it. Translatable: name, description, thankYouMessageHeader, thankYouMessageDescription, thankYouMessageCloseButtonText.',
    "translations: translations.fr: has no text. Give at least one of name, description, thankYouMessageHeader, thankYouMessageDescription, thankYouMessageCloseButtonText, or remove the language.",
  ]);
  expect(reasons({ translations: { fr: { nme: "x" } } })[0]).toContain('Did you mean "name"?');
  expect(reasons({ translations: { fr: { name: 3 } } })).toEqual([
    "translations: translations.fr.name: name must be a string.",
  ]);
});

test("response sampling: interval types, a positive interval, and a limit needs an interval and a start date", () => {
  expect(reasons({ responseSamplingIntervalType: "year" })).toEqual([
    "responseSamplingIntervalType: responseSamplingIntervalType must be one of: day, week, month.",
  ]);
  expect(reasons({ responseSamplingInterval: 0 })).toEqual([
    "responseSamplingInterval: responseSamplingInterval must be greater than 0 (PostHog refuses 0), or null for no sampling.",
  ]);
  expect(reasons({ responseSamplingLimit: 10 })).toEqual([
    "responseSamplingInterval: responseSamplingLimit (10) needs responseSamplingInterval: set responseSamplingInterval, or remove responseSamplingLimit.",
    "responseSamplingStartDate: responseSamplingLimit (10) needs responseSamplingStartDate: set responseSamplingStartDate, or remove responseSamplingLimit.",
  ]);
  expect(reasons({ responseSamplingLimit: 0 })).toEqual([]);
  expect(reasons({ responseSamplingStartDate: "next week" })[0]).toContain(
    'responseSamplingStartDate: responseSamplingStartDate "next week" is not a valid date-time',
  );
});

test("a sampling start date before today (UTC) is refused when new or changed, not when unchanged or adopted", () => {
  const now = Date.parse("2026-06-15T12:00:00Z");
  const past = { responseSamplingStartDate: "2026-06-14T23:00:00Z" };
  expect(samplingStartFailures({}, past, now)).toEqual([
    {
      property: "responseSamplingStartDate",
      reason:
        "responseSamplingStartDate (2026-06-14T23:00:00Z) is before today (2026-06-15, UTC); PostHog accepts today or a later date. Set a date from today on, or remove it.",
    },
  ]);
  expect(samplingStartFailures({}, { responseSamplingStartDate: "2026-06-15T00:00:00Z" }, now)).toEqual([]);
  expect(samplingStartFailures(past, past, now)).toEqual([]);
  expect(samplingStartFailures({}, { ...past, adopt: { name: "x" } }, now)).toEqual([]);
});

test("linkedInsightId and formContent", () => {
  expect(reasons({ linkedInsightId: -1 })).toEqual([
    "linkedInsightId: linkedInsightId must be the id of an insight in the same project (a positive integer), or null for none.",
  ]);
  expect(reasons({ formContent: "text" })).toEqual(["formContent: formContent must be an object."]);
  expect(reasons({ enableIframeEmbedding: "yes" })).toEqual([
    "enableIframeEmbedding: enableIframeEmbedding must be true or false.",
  ]);
});
