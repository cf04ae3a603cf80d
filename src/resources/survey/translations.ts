// Language codes and the survey's own translations, as PostHog checks them.
// PostHog: products/surveys/backend/api/survey.py, _normalize_language_code, BCP47_LANGUAGE_CODE_RE,
// REJECTED_TRANSLATION_KEYS and SurveySerializerCreateUpdateOnly (validate_translations,
// _validate_translation_language_key), for the survey's translations and, through questions-rule.ts, each
// question's. The base-language clash is a rule across fields (validate.ts).
import { z } from "zod";
import { unknownKeyFailures } from "../../provider-kit/check-failures";
import { docsFrom } from "../../provider-kit/docs-from";
import type { SurveyTranslation } from "./types";

/** PostHog's normal form of a language code: trimmed, lowercased, "_" read as "-" ("pt_BR" is "pt-br"). */
export const languageCode = <T>(value: T): T | string =>
  typeof value === "string" ? value.trim().toLowerCase().replace(/_/g, "-") : value;

/** A language code PostHog accepts, once normalised (BCP47_LANGUAGE_CODE_RE). */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8}){0,3}$/;

/** Keys PostHog refuses: they once stood for "the original text" and never match a browser's language. */
const REJECTED_KEYS = ["default", "original", "base"];

/** The survey texts a translation may carry (validate_translations' field list). */
export const TRANSLATED_TEXTS = [
  "name",
  "description",
  "thankYouMessageHeader",
  "thankYouMessageDescription",
  "thankYouMessageCloseButtonText",
] as const satisfies readonly (keyof SurveyTranslation)[];

const text = (field: string) => z.string({ error: `${field} must be a string.` }).optional();

const translation = z
  .object(
    {
      name: text("name"),
      description: text("description"),
      thankYouMessageHeader: text("thankYouMessageHeader"),
      thankYouMessageDescription: text("thankYouMessageDescription"),
      thankYouMessageCloseButtonText: text("thankYouMessageCloseButtonText"),
    },
    { error: 'each translation must be an object of texts, e.g. {name: "…", thankYouMessageHeader: "…"}.' },
  )
  .loose()
  .meta(docsFrom("SurveyTranslation"))
  .superRefine((entry, ctx) => {
    for (const failure of unknownKeyFailures(entry, TRANSLATED_TEXTS, [])) {
      ctx.addIssue({
        code: "custom",
        message: `${failure.reason.replace("a known input", "a text PostHog translates")} Translatable: ${TRANSLATED_TEXTS.join(", ")}.`,
      });
    }
    // PostHog drops a language with no text, which would then differ from the program at every preview.
    if (!TRANSLATED_TEXTS.some((field) => entry[field] !== undefined)) {
      ctx.addIssue({
        code: "custom",
        message: `has no text. Give at least one of ${TRANSLATED_TEXTS.join(", ")}, or remove the language.`,
      });
    }
  });

/** What is wrong with one translation key, if anything. */
export function languageKeyProblem(key: string): string | undefined {
  const code = languageCode(key);
  if (code === "") return "a translation's language code cannot be empty.";
  if (REJECTED_KEYS.includes(code)) {
    return `"${key}" is not a language: the untranslated text is the original. Set baseLanguage to its language instead of adding it as a translation.`;
  }
  if (!LANGUAGE_CODE.test(code)) {
    return `"${key}" is not a language code. Use a code such as "fr", "es" or "pt-BR" (not a language name such as "french").`;
  }
  return undefined;
}

/**
 * The problems with a map's language keys, survey-level and question-level alike (PostHog checks both with
 * _validate_translation_language_key): each key must be a language code, and no two keys may normalise to the
 * same code. Any casing or "_" is accepted: PostHog stores the normalised code, and diffs compare in that form.
 */
export function languageKeyIssues(keys: readonly string[]): { key: string; message: string }[] {
  const issues: { key: string; message: string }[] = [];
  const seen = new Map<string, string>();
  for (const key of keys) {
    const problem = languageKeyProblem(key);
    if (problem) {
      issues.push({ key, message: problem });
      continue;
    }
    const code = String(languageCode(key));
    const earlier = seen.get(code);
    if (earlier !== undefined) {
      issues.push({
        key,
        message: `"${key}" and "${earlier}" are the same language ("${code}"). Keep one of them.`,
      });
    }
    seen.set(code, key);
  }
  return issues;
}

/** A translations map under the keys PostHog stores (_normalize_language_code); entries as they are. */
export function underStoredKeys(translations: unknown): unknown {
  if (translations === null || typeof translations !== "object" || Array.isArray(translations))
    return translations;
  return Object.fromEntries(Object.entries(translations).map(([key, texts]) => [languageCode(key), texts]));
}

/** The `translations` rule: language codes as keys, each with the texts PostHog translates. */
export const translations = z
  .record(z.string(), translation, {
    error: 'translations must be an object of languages, e.g. {fr: {name: "…"}, "pt-BR": {name: "…"}}.',
  })
  .superRefine((map, ctx) => {
    for (const { key, message } of languageKeyIssues(Object.keys(map))) {
      ctx.addIssue({ code: "custom", path: [key], message });
    }
  })
  .nullable();
