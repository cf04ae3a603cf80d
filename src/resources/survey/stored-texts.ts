// What PostHog stores for the texts a program declares in `questions` and `appearance`: it sanitises their HTML
// (the @pulumi-posthog/posthog-html package, the same model the emulator uses). Diff compares in that form, and check tells the user
// which texts PostHog will rewrite. The sanitiser is loaded only when some text may hold markup.
import type * as PostHogHtml from "@pulumi-posthog/posthog-html";
import { underStoredKeys } from "./translations";

type Json = Record<string, unknown>;

/** Without "<" or NUL the HTML tokenizer emits no tag, comment or NUL token, so PostHog keeps the text as is. */
function mayHoldMarkup(value: unknown): boolean {
  if (typeof value === "string") return value.includes("<") || value.includes("\0");
  if (Array.isArray(value)) return value.some(mayHoldMarkup);
  if (value !== null && typeof value === "object") return Object.values(value).some(mayHoldMarkup);
  return false;
}

let html: typeof PostHogHtml | undefined;
function sanitiser(): typeof PostHogHtml {
  if (html === undefined) {
    const loaded: typeof PostHogHtml = require("@pulumi-posthog/posthog-html");
    html = loaded;
  }
  return html;
}

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Whether a value is JSON all the way down (inputs always are: they arrive as JSON from the engine). */
function isJsonValue(value: unknown): value is PostHogHtml.Json {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isJsonValue);
  return isObject(value) && Object.values(value).every(isJsonValue);
}
const isJsonObject = (value: unknown): value is PostHogHtml.JsonObject =>
  isObject(value) && isJsonValue(value);
const isJsonList = (list: unknown[]): list is PostHogHtml.Json[] => list.every(isJsonValue);

// PostHog: products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly.validate_questions: texts
// sanitised, and each question's translations under their normalised codes (_validate_question_translations).
export function storedQuestions(questions: unknown): unknown {
  if (!Array.isArray(questions)) return questions;
  const keyed = questions.map((q: unknown) =>
    isObject(q) && isObject(q.translations) ? { ...q, translations: underStoredKeys(q.translations) } : q,
  );
  if (!mayHoldMarkup(keyed) || !isJsonList(keyed)) return keyed;
  return sanitiser().sanitizeSurveyTexts({ questions: keyed }).questions;
}

// PostHog: products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly.validate_appearance.
export function storedAppearance(appearance: unknown): unknown {
  if (!isJsonObject(appearance) || !mayHoldMarkup(appearance)) return appearance;
  return sanitiser().sanitizeSurveyTexts({ appearance }).appearance;
}

// PostHog: survey.py, SurveySerializerCreateUpdateOnly.validate_translations: each language under its
// normalised code, each text sanitised when it holds HTML.
export function storedTranslations(translations: unknown): unknown {
  const keyed = underStoredKeys(translations);
  if (!isObject(keyed) || !mayHoldMarkup(keyed)) return keyed;
  return Object.fromEntries(
    Object.entries(keyed).map(([language, texts]) => [
      language,
      isObject(texts)
        ? Object.fromEntries(
            Object.entries(texts).map(([key, value]) => [
              key,
              typeof value === "string" ? sanitiser().sanitizeText(value) : value,
            ]),
          )
        : texts,
    ]),
  );
}

/** Each string in `declared` that differs in `stored`, by its path (e.g. `questions[0].question`). */
export function rewrittenTexts(
  path: string,
  declared: unknown,
  stored: unknown,
): { path: string; stored: string }[] {
  if (typeof declared === "string") {
    return typeof stored === "string" && stored !== declared ? [{ path, stored }] : [];
  }
  if (Array.isArray(declared) && Array.isArray(stored)) {
    return declared.flatMap((item, i) => rewrittenTexts(`${path}[${i}]`, item, stored[i]));
  }
  if (isObject(declared) && isObject(stored)) {
    return Object.entries(declared).flatMap(([key, value]) =>
      rewrittenTexts(`${path}.${key}`, value, stored[key]),
    );
  }
  return [];
}
