// Which survey texts PostHog sanitises on create and update, and when.
// PostHog: products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly
// (validate_questions, _validate_and_sanitize_choices, _validate_and_sanitize_link,
//  _validate_question_translations, validate_translations, validate_appearance)
import { isObject, pyTruthy, type Json, type JsonObject } from "./json";
import { isHtml } from "./is-html";
import { sanitizeHtml } from "./clean";

/** What PostHog stores for one text: the sanitised HTML when it contains markup, else the text as sent. */
export function sanitizeText(text: string): string {
  return isHtml(text) ? sanitizeHtml(text) : text;
}

/** The sanitised copy of `value` when it is a string; anything else is left for validation to judge. */
const sanitizeString = (value: Json): Json => (typeof value === "string" ? sanitizeText(value) : value);

/** The sanitised copy of a list of strings (question and translation `choices`). */
const sanitizeChoices = (value: Json): Json => (Array.isArray(value) ? value.map(sanitizeString) : value);

type When = "present" | "truthy";
type Rule = { readonly field: string; readonly when: When; readonly clean: (v: Json) => Json };

/** Rules cleaning each of `fields` when it is `present` (sent at all) or `truthy` (sent and not empty). */
const rules = (when: When, fields: readonly string[], clean = sanitizeString): Rule[] =>
  fields.map((field) => ({ field, when, clean }));

// Texts a question shares with its translations, besides `question` itself.
export const QUESTION_LABELS = ["description", "buttonText", "lowerBoundLabel", "upperBoundLabel"];
// Texts the appearance shares with the survey's translations.
const THANK_YOU_TEXTS = [
  "thankYouMessageHeader",
  "thankYouMessageDescription",
  "thankYouMessageCloseButtonText",
];

// `truthy` mirrors PostHog's `if value:` checks, `present` its `if field in data:` checks. Content types
// (descriptionContentType, thankYouMessageDescriptionContentType) play no part: PostHog cleans either way.
const QUESTION_RULES: readonly Rule[] = [
  ...rules("present", ["question"]),
  ...rules("truthy", [...QUESTION_LABELS, "link"]),
  ...rules("truthy", ["choices"], sanitizeChoices),
];
const QUESTION_TRANSLATION_RULES: readonly Rule[] = [
  ...rules("present", ["question", ...QUESTION_LABELS]),
  ...rules("truthy", ["link"]),
  ...rules("present", ["choices"], sanitizeChoices),
];
const SURVEY_TRANSLATION_RULES: readonly Rule[] = rules("present", [
  "name",
  "description",
  ...THANK_YOU_TEXTS,
]);
const APPEARANCE_RULES: readonly Rule[] = rules("truthy", THANK_YOU_TEXTS);

function applyRules(value: JsonObject, ruleList: readonly Rule[]): JsonObject {
  const out: JsonObject = { ...value };
  for (const { field, when, clean } of ruleList) {
    if (!(field in out)) continue;
    if (when === "truthy" && !pyTruthy(out[field])) continue;
    out[field] = clean(out[field]);
  }
  return out;
}

/** Each language's entry of a `translations` object, cleaned by `rules`. */
function sanitizeTranslations(value: Json, ruleList: readonly Rule[]): Json {
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [language, entry] of Object.entries(value)) {
    out[language] = isObject(entry) ? applyRules(entry, ruleList) : entry;
  }
  return out;
}

function sanitizeQuestion(question: Json): Json {
  if (!isObject(question)) return question;
  const out = applyRules(question, QUESTION_RULES);
  if ("translations" in out)
    out.translations = sanitizeTranslations(out.translations, QUESTION_TRANSLATION_RULES);
  return out;
}

/** The survey texts PostHog sanitises, as they arrive in a create or update request. */
export interface SurveyTexts {
  questions?: Json[] | null;
  appearance?: JsonObject | null;
  translations?: Json;
}

/**
 * The request's survey texts as PostHog stores them: every covered string that contains markup is replaced
 * by its sanitised HTML; everything else, plain strings included, is returned exactly as sent.
 */
export function sanitizeSurveyTexts<T extends SurveyTexts>(data: T): T {
  const out: T = { ...data };
  if (Array.isArray(data.questions)) out.questions = data.questions.map(sanitizeQuestion);
  if (isObject(data.appearance)) out.appearance = applyRules(data.appearance, APPEARANCE_RULES);
  if (data.translations !== undefined)
    out.translations = sanitizeTranslations(data.translations, SURVEY_TRANSLATION_RULES);
  return out;
}
