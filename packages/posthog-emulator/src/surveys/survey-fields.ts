// The emulator's survey fields, declared once: SurveySerializerCreateUpdateOnly's writable fields in serializer
// order, each with its DRF field parser, whether POST requires it and whether the model stores it as sent.
// PostHog: products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly (Meta.fields, validate_*)
import {
  boolField,
  charField,
  choiceField,
  Collector,
  dateTimeField,
  fieldError,
  intField,
} from "../core/fields";
import { clone, has, isObject, pyTruthy, type Json, type JsonObject } from "../core/json";
import type { SurveyRecord } from "../core/state";
import { cleanTranslations, parseBaseLanguage, resolveBaseLanguage } from "./survey-languages";
import { validateQuestions } from "./survey-questions";

/** The seed interface's values plus PostHog's current Survey.SurveyType values. */
export const SURVEY_TYPES = [
  "popover",
  "button",
  "email",
  "full_screen",
  "api",
  "widget",
  "external_survey",
] as const;
const SCHEDULES = ["once", "recurring", "always"];
const SAMPLING_INTERVALS = ["day", "week", "month"] as const;
export const MAX_ITERATION_COUNT = 500;

function validateConditions(value: unknown): JsonObject | null {
  if (value === null) return null;
  if (!isObject(value)) throw fieldError("Conditions must be an object");
  return clone(value);
}

function validateAppearance(value: unknown): JsonObject | null {
  if (value === null) return null;
  if (!isObject(value)) throw fieldError("Appearance must be an object");
  const contentType = value.thankYouMessageDescriptionContentType;
  if (pyTruthy(contentType) && contentType !== "text" && contentType !== "html") {
    throw fieldError("thankYouMessageDescriptionContentType must be one of ['text', 'html']");
  }
  const delay = value.surveyPopupDelaySeconds;
  if (pyTruthy(delay) && (typeof delay !== "number" || delay < 0)) {
    throw fieldError("Survey popup delay seconds must be a positive integer");
  }
  const white = value.whiteLabel;
  if (white !== undefined && white !== null && typeof white !== "boolean") {
    throw fieldError("whiteLabel must be a boolean");
  }
  // The emulated organisation has the white-labelling feature, so whiteLabel: true is accepted.
  return clone(value);
}

function validateSchedule(value: unknown): string | null {
  const s = charField(value, { allowNull: true, allowBlank: true });
  if (s !== null && s !== "" && !SCHEDULES.includes(s)) {
    throw fieldError("Schedule must be one of: once, recurring, always");
  }
  return s;
}

const SURVEY_TRANSLATION_FIELDS = [
  "name",
  "description",
  "thankYouMessageHeader",
  "thankYouMessageDescription",
  "thankYouMessageCloseButtonText",
];

/** validate_translations: string fields only; keys normalised against the base language. */
function validateTranslations(value: unknown, ctx: FieldContext): JsonObject | null {
  if (value === null) return null;
  if (!isObject(value)) throw fieldError("Translations must be an object");
  const stored = isObject(ctx.existing?.translations) ? ctx.existing.translations : {};
  return cleanTranslations(value, {
    base: resolveBaseLanguage(ctx.body, ctx.existing),
    context: "Survey translation",
    stored,
    cleanEntry: (lang, entry) => {
      const out: JsonObject = {};
      for (const field of SURVEY_TRANSLATION_FIELDS) {
        if (!has(entry, field)) continue;
        if (typeof entry[field] !== "string") {
          throw fieldError(`Translation for '${lang}': '${field}' must be a string`);
        }
        out[field] = entry[field];
      }
      return out;
    },
    notObject: (lang) => `Translation for '${lang}' must be an object`,
  });
}

const nullableInt = (min?: number, max?: number) => (v: unknown) =>
  intField(v, { allowNull: true, min, max });
const nullableBool = (v: unknown) => boolField(v, true);
const nullableDate = (v: unknown) => dateTimeField(v);
const anyJson = (v: unknown) => clone(v as Json);

/** What a field parser may look at besides its value: the raw body and the stored survey (PATCH). */
export interface FieldContext {
  body: JsonObject;
  existing?: SurveyRecord;
}

interface FieldSpec<T> {
  parse: (value: unknown, ctx: FieldContext) => T;
  /** POST without it is "This field is required." */
  required?: boolean;
  /** false: a write-only instruction (not a model column copied from the request) */
  stored?: boolean;
}
const field = <T>(parse: FieldSpec<T>["parse"], opts: Omit<FieldSpec<T>, "parse"> = {}): FieldSpec<T> => ({
  parse,
  ...opts,
});

/** Serializer order matters: DRF reports the first failing field. */
export const SURVEY_FIELDS = {
  name: field((v) => charField(v, { maxLength: 400 }) as string, { required: true }),
  description: field((v) => charField(v, { allowBlank: true }) as string),
  type: field((v) => choiceField(v, SURVEY_TYPES) as string, { required: true }),
  schedule: field(validateSchedule),
  linked_flag_id: field(nullableInt()),
  linked_insight_id: field(nullableInt()),
  // Not nullable: `targeting_flag_id: null` is "This field may not be null.".
  targeting_flag_id: field((v) => intField(v) as number),
  targeting_flag_filters: field(anyJson, { stored: false }),
  remove_targeting_flag: field(nullableBool, { stored: false }),
  questions: field((v, ctx) =>
    validateQuestions(v, resolveBaseLanguage(ctx.body, ctx.existing), ctx.existing?.questions),
  ),
  conditions: field(validateConditions),
  appearance: field(validateAppearance),
  start_date: field(nullableDate),
  end_date: field(nullableDate),
  archived: field((v) => boolField(v) as boolean),
  responses_limit: field(nullableInt(0)),
  iteration_count: field(nullableInt(0, MAX_ITERATION_COUNT)),
  iteration_frequency_days: field(nullableInt(0)),
  response_sampling_start_date: field(nullableDate),
  response_sampling_interval_type: field((v) =>
    choiceField(v, SAMPLING_INTERVALS, { allowNull: true, allowBlank: true }),
  ),
  response_sampling_interval: field(nullableInt(0)),
  response_sampling_limit: field(nullableInt(0)),
  enable_partial_responses: field(nullableBool),
  enable_iframe_embedding: field(nullableBool),
  base_language: field((v) => parseBaseLanguage(charField(v, { allowBlank: true, maxLength: 20 }) as string)),
  translations: field(validateTranslations),
  form_content: field(anyJson),
};

type SurveyFields = typeof SURVEY_FIELDS;
export type SurveyFieldName = keyof SurveyFields;

/** The validated request: a key is present only when the request carried it. */
export type SurveyWrite = { [K in SurveyFieldName]?: ReturnType<SurveyFields[K]["parse"]> };

const FIELD_NAMES = Object.keys(SURVEY_FIELDS) as SurveyFieldName[];

/** Model columns copied from the request as they are. */
export const STORED_FIELDS = FIELD_NAMES.filter(
  (k) => (SURVEY_FIELDS[k] as FieldSpec<unknown>).stored !== false,
);

/** Field-level pass over the table; throws the first field error. */
export function parseSurveyFields(body: JsonObject, existing?: SurveyRecord): SurveyWrite {
  const c = new Collector(body, existing !== undefined);
  const ctx: FieldContext = { body, existing };
  const out: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) {
    const spec: FieldSpec<unknown> = SURVEY_FIELDS[name];
    const value = c.field(name, (v) => spec.parse(v, ctx), { required: spec.required });
    if (value !== undefined) out[name] = value;
  }
  c.throwIfAny();
  return out as SurveyWrite;
}
