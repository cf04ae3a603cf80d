// validate_questions: each question's texts, choices, link, translations and open-text validation rules,
// plus ensure_question_ids. PostHog: products/surveys/backend/api/survey.py,
// SurveySerializerCreateUpdateOnly (validate_questions, _validate_question_translations,
// _validate_and_sanitize_link, _validate_and_sanitize_choices); products/surveys/backend/models, ensure_question_ids.
import { randomUUID } from "node:crypto";
import { fieldError } from "../core/fields";
import { clone, has, isObject, pyTruthy, type Json, type JsonObject } from "../core/json";
import { cleanTranslations } from "./survey-languages";
import { QUESTION_LABELS } from "@pulumi-posthog/posthog-html";
import { pythonStrip } from "../core/python-strip";

const LINK_SCHEMES = ["https", "mailto"];
const MAILTO_RE = /^mailto:[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;

/** urlparse's scheme: letters, digits, + - . before the first colon, lowercased. */
function urlScheme(link: string): string {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(link);
  return m ? m[1].toLowerCase() : "";
}

/** urlparse's netloc: what follows "//" up to the next / ? or #. */
function urlNetloc(link: string): string {
  const m = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/([^/?#]*)/.exec(link);
  return m ? m[1] : "";
}

export function validateLink(link: string): string {
  const scheme = urlScheme(link);
  if (!LINK_SCHEMES.includes(scheme)) {
    throw fieldError(`Link must be a URL with one of these schemes: [${LINK_SCHEMES.join(", ")}]`);
  }
  if (scheme === "mailto" && !MAILTO_RE.test(link)) {
    throw fieldError(
      "Invalid mailto link. Please enter a valid mailto link (e.g., mailto:example@domain.com).",
    );
  }
  if (scheme === "https" && !urlNetloc(link)) {
    throw fieldError("Invalid HTTPS URL. Please enter a valid HTTPS link.");
  }
  return link;
}

function validateChoices(choices: Json[]): Json[] {
  for (const choice of choices) {
    if (typeof choice !== "string") throw fieldError("Question choices must be strings");
    // `not choice.strip()` in validate_questions: Python's whitespace (python-strip.ts), not JavaScript's.
    if (pythonStrip(choice) === "") throw fieldError("Question choices cannot be empty");
  }
  return choices;
}

// The texts a question and its translations carry: one list, shared with the sanitiser.
const QUESTION_TEXT_FIELDS = ["question", ...QUESTION_LABELS];

function cleanQuestionTranslation(n: number, lang: string, entry: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const field of QUESTION_TEXT_FIELDS) {
    if (!has(entry, field)) continue;
    if (typeof entry[field] !== "string") {
      throw fieldError(`Question ${n}: Translation '${lang}' field '${field}' must be a string`);
    }
    out[field] = entry[field];
  }
  // An empty link counts as absent, as on the question itself.
  const link = entry.link;
  if (pyTruthy(link)) {
    if (typeof link !== "string")
      throw fieldError(`Question ${n}: Translation '${lang}' field 'link' must be a string`);
    out.link = validateLink(link);
  }
  if (has(entry, "choices")) {
    if (!Array.isArray(entry.choices)) {
      throw fieldError(`Question ${n}: Translation '${lang}' field 'choices' must be a list of strings`);
    }
    out.choices = validateChoices(entry.choices);
  }
  return out;
}

function validateRules(rules: Json): void {
  if (!Array.isArray(rules)) throw fieldError("Question validation must be a list of validation rules");
  const types = ["min_length", "max_length", "email"];
  for (const rule of rules) {
    if (!isObject(rule)) throw fieldError("Each validation rule must be an object");
    const type = rule.type;
    if (typeof type !== "string" || !types.includes(type)) {
      throw fieldError(`Validation rule type must be one of: ${types.join(", ")}`);
    }
    const value = rule.value;
    const lengthRule = type === "min_length" || type === "max_length";
    if (lengthRule && value !== null && value !== undefined) {
      if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) {
        throw fieldError(`Validation rule value for ${type} must be a positive integer`);
      }
    }
  }
  const valueOf = (type: string) => {
    const rule = rules.find((r): r is JsonObject => isObject(r) && r.type === type);
    return typeof rule?.value === "number" ? rule.value : undefined;
  };
  const min = valueOf("min_length");
  const max = valueOf("max_length");
  if (min !== undefined && max !== undefined && min > max) {
    throw fieldError("Minimum length cannot be greater than maximum length");
  }
}

function validateQuestion(
  raw: JsonObject,
  index: number,
  base: string,
  stored: Json | undefined,
): JsonObject {
  const q = clone(raw);
  const n = index + 1;
  if (!pyTruthy(raw.question)) throw fieldError("Question text is required");
  if (typeof raw.question !== "string") throw fieldError("Question text must be a string");
  if (pyTruthy(raw.description) && typeof raw.description !== "string") {
    throw fieldError("Question description must be a string");
  }
  for (const field of QUESTION_LABELS.filter((label) => label !== "description")) {
    if (pyTruthy(raw[field]) && typeof raw[field] !== "string")
      throw fieldError(`Question ${field} must be a string`);
  }
  if (pyTruthy(raw.choices)) {
    if (!Array.isArray(raw.choices)) throw fieldError("Question choices must be a list of strings");
    validateChoices(raw.choices);
  }
  const dct = raw.descriptionContentType;
  if (pyTruthy(dct) && dct !== "text" && dct !== "html") {
    throw fieldError("Question descriptionContentType must be one of ['text', 'html']");
  }
  if (has(raw, "translations")) {
    if (!isObject(raw.translations)) throw fieldError(`Question ${n}: translations must be an object`);
    const storedTranslations = isObject(stored) && isObject(stored.translations) ? stored.translations : {};
    const translations = cleanTranslations(raw.translations, {
      base,
      context: `Question ${n} translation`,
      stored: storedTranslations,
      cleanEntry: (lang, entry) => cleanQuestionTranslation(n, lang, entry),
      notObject: (lang) => `Question ${n}: Translation for '${lang}' must be an object`,
    });
    const choices = Array.isArray(q.choices) ? q.choices : undefined;
    for (const [lang, entry] of Object.entries(translations)) {
      if (!isObject(entry) || !Array.isArray(entry.choices)) continue;
      // Translated choices on a question without choices are dropped silently.
      if (!has(q, "choices") || choices === undefined) {
        delete entry.choices;
        continue;
      }
      if (entry.choices.length !== choices.length) {
        throw fieldError(
          `Question ${n}: Translation '${lang}' has ${entry.choices.length} choices but question has ${choices.length} choices. Array lengths must match to avoid partial translations.`,
        );
      }
    }
    q.translations = translations;
  }
  if (pyTruthy(raw.link)) {
    if (typeof raw.link !== "string") throw fieldError(`Question ${n}: link must be a string`);
    validateLink(raw.link);
  }
  if (raw.validation !== undefined && raw.validation !== null) validateRules(raw.validation);
  // `branching` is kept as sent: validate_questions checks no branching target, so a branch past the last
  // question is stored (PostHog's SurveySpecificQuestionBranchingSerializer only documents the API schema).
  // ensure_question_ids: every question without an id gets a uuid4.
  if (!pyTruthy(q.id)) q.id = randomUUID();
  return q;
}

/** The whole questions field; `storedQuestions` are the saved ones (their translation keys are grandfathered). */
export function validateQuestions(
  value: unknown,
  base: string,
  storedQuestions: Json | undefined,
): Json[] | null {
  if (value === null) return null;
  if (!Array.isArray(value)) throw fieldError("Questions must be a list of objects");
  const stored = Array.isArray(storedQuestions) ? storedQuestions.filter(isObject) : [];
  return value.map((raw: unknown, index) => {
    if (!isObject(raw)) throw fieldError("Questions must be a list of objects");
    return validateQuestion(raw, index, base, stored[index]);
  });
}
