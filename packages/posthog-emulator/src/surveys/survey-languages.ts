// Survey language codes: base_language and the keys of survey and question translations.
// PostHog: products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly
// (_resolve_base_language, _validate_translation_language_key, validate_base_language, validate_translations).
import { fieldError } from "../core/fields";
import { has, isObject, type JsonObject } from "../core/json";

export const DEFAULT_BASE_LANGUAGE = "en";
const LANGUAGE_CODE_RE = /^[a-z]{2,3}(-[a-z0-9]{2,8}){0,3}$/;
/** Keys customers used for "the original text"; they never match a browser locale. */
const REJECTED_KEYS = new Set(["default", "original", "base"]);

/** Lowercase, underscores to hyphens: what the JS SDK does before it looks a language up. */
export function normalizeLanguage(raw: string): string {
  return raw.trim().toLowerCase().replace(/_/g, "-");
}

/** validate_base_language: blank means "en"; sentinels and non-BCP-47 shapes are refused. */
export function parseBaseLanguage(value: string): string {
  if (value.trim() === "") return DEFAULT_BASE_LANGUAGE;
  const code = normalizeLanguage(value);
  if (REJECTED_KEYS.has(code)) {
    throw fieldError(`'${value}' is not a valid language code. Use a BCP-47 code like 'en' or 'es'.`);
  }
  if (!LANGUAGE_CODE_RE.test(code)) {
    throw fieldError(
      `'${value}' is not a valid language code. Use BCP-47 codes like 'en', 'es', or 'es-MX'.`,
    );
  }
  return code;
}

/** _resolve_base_language: the request's non-blank string, else the stored one, else "en". */
export function resolveBaseLanguage(body: JsonObject, existing?: { base_language: string }): string {
  const sent = body.base_language;
  if (has(body, "base_language") && typeof sent === "string" && sent.trim()) return normalizeLanguage(sent);
  const stored = existing?.base_language;
  if (typeof stored === "string" && stored.trim()) return normalizeLanguage(stored);
  return DEFAULT_BASE_LANGUAGE;
}

/** _validate_translation_language_key; `context` prefixes every message ("Survey translation", "Question 2 translation"). */
export function translationKey(raw: string, base: string, context: string): string {
  if (raw.trim() === "") throw fieldError(`${context}: translation language code cannot be empty.`);
  const code = normalizeLanguage(raw);
  if (REJECTED_KEYS.has(code)) {
    throw fieldError(
      `${context}: '${raw}' is not a valid translation language. The untranslated text is the original — set the survey's base language instead of adding it as a translation.`,
    );
  }
  if (!LANGUAGE_CODE_RE.test(code)) {
    throw fieldError(
      `${context}: '${raw}' is not a valid language code. Use BCP-47 codes like 'en', 'es', or 'es-MX' (not language names like 'english').`,
    );
  }
  if (code === base) {
    throw fieldError(
      `${context}: '${raw}' matches the survey's base language ('${base}'). The original text already covers this language — translate to a different language.`,
    );
  }
  return code;
}

/**
 * Cleans one translations map: entries with no known field are dropped, keys already stored are kept
 * as they are (legacy keys stay saveable), new keys are normalised and must not collide after normalising.
 */
export function cleanTranslations(
  value: JsonObject,
  opts: {
    base: string;
    context: string;
    stored: JsonObject;
    cleanEntry: (lang: string, entry: JsonObject) => JsonObject;
    notObject: (lang: string) => string;
  },
): JsonObject {
  const out: JsonObject = {};
  for (const [raw, entry] of Object.entries(value)) {
    if (!isObject(entry)) throw fieldError(opts.notObject(raw));
    const cleaned = opts.cleanEntry(raw, entry);
    if (Object.keys(cleaned).length === 0) continue;
    if (has(opts.stored, raw)) {
      out[raw] = cleaned;
      continue;
    }
    const code = translationKey(raw, opts.base, opts.context);
    if (Object.keys(out).some((k) => normalizeLanguage(k) === code)) {
      throw fieldError(`${opts.context}: '${raw}' collides with another translation for '${code}'.`);
    }
    out[code] = cleaned;
  }
  return out;
}
