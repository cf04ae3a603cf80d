// What PostHog stores for the texts a program declares in `questions` and `appearance`: it sanitises their HTML
// (the @pulumi-posthog/posthog-html package, the same model the emulator uses). Diff compares in that form, and check tells the user
// which texts PostHog will rewrite. The sanitiser is loaded only when some text may hold markup.
import type * as PostHogHtml from "@pulumi-posthog/posthog-html";
import { languageCode } from "./translations";

type Json = Record<string, unknown>;

/** Without "<" or NUL the HTML tokenizer emits no tag, comment or NUL token, so PostHog keeps the text as is. */
function mayHoldMarkup(value: unknown): boolean {
  if (typeof value === "string") return value.includes("<") || value.includes("\0");
  if (Array.isArray(value)) return value.some(mayHoldMarkup);
  if (value !== null && typeof value === "object") return Object.values(value).some(mayHoldMarkup);
  return false;
}

let html: typeof PostHogHtml | undefined;
const sanitiser = (): typeof PostHogHtml =>
  (html ??= require("@pulumi-posthog/posthog-html") as typeof PostHogHtml);

// PostHog: products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly.validate_questions.
export function storedQuestions(questions: unknown): unknown {
  if (!Array.isArray(questions) || !mayHoldMarkup(questions)) return questions;
  return sanitiser().sanitizeSurveyTexts({ questions: questions as PostHogHtml.SurveyTexts["questions"] })
    .questions;
}

// PostHog: products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly.validate_appearance.
export function storedAppearance(appearance: unknown): unknown {
  if (appearance === null || typeof appearance !== "object" || !mayHoldMarkup(appearance)) return appearance;
  return sanitiser().sanitizeSurveyTexts({ appearance: appearance as PostHogHtml.SurveyTexts["appearance"] })
    .appearance;
}

// PostHog: survey.py, SurveySerializerCreateUpdateOnly.validate_translations: each language under its
// normalised code, each text sanitised when it holds HTML.
export function storedTranslations(translations: unknown): unknown {
  if (translations === null || typeof translations !== "object" || Array.isArray(translations))
    return translations;
  const markup = mayHoldMarkup(translations);
  return Object.fromEntries(
    Object.entries(translations).map(([language, texts]) => [
      languageCode(language),
      markup && texts !== null && typeof texts === "object"
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
  if (declared !== null && typeof declared === "object" && stored !== null && typeof stored === "object") {
    return Object.entries(declared as Json).flatMap(([key, value]) =>
      rewrittenTexts(`${path}.${key}`, value, (stored as Json)[key]),
    );
  }
  return [];
}
