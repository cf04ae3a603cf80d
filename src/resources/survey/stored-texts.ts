// What PostHog stores for the texts a program declares in `questions` and `appearance`: it sanitises their HTML
// (the @pulumi-posthog/posthog-html package, the same model the emulator uses). Diff compares in that form, and check tells the user
// which texts PostHog will rewrite. The sanitiser is loaded only when some text may hold markup.
import type * as PostHogHtml from "@pulumi-posthog/posthog-html";

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
