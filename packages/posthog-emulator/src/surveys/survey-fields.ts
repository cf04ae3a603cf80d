// The survey, declared once as its serializers' field table (core/serializer.ts): every field of
// SurveySerializerCreateUpdateOnly and SurveySerializer in the order of their Meta.fields, with its DRF field,
// default, and which serializer lists it, plus the model columns neither shows. The record type, the parse of a
// write, a new survey's defaults, the fill of an older state file, both answers' shapes and what
// duplicate_to_projects copies all derive from it; a plain new field is one row here.
// PostHog: products/surveys/backend/api/survey.py, SurveySerializer and SurveySerializerCreateUpdateOnly
// (Meta.fields, the declared fields, validate_*); products/surveys/backend/models, Survey (defaults).
import { drf } from "../core/drf";
import { Collector, fieldError } from "../core/fields";
import { clone, has, isObject, pyTruthy, type Json, type JsonObject } from "../core/json";
import { col, parseFields, parser, refine, type RecordOf, type WriteOf } from "../core/serializer";
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

function validateConditions(value: Json): JsonObject | null {
  if (value === null) return null;
  if (!isObject(value)) throw fieldError("Conditions must be an object");
  return clone(value);
}

function validateAppearance(value: Json): JsonObject | null {
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

function checkSchedule(s: string | null): string | null {
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
function validateTranslations(value: Json, ctx: FieldContext): JsonObject | null {
  if (value === null) return null;
  if (!isObject(value)) throw fieldError("Translations must be an object");
  const before = ctx.existing?.translations;
  const stored = isObject(before) ? before : {};
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

/** The stored survey a PATCH validates against: what the field validators read of it. */
export interface SurveyBefore {
  questions: Json;
  translations: Json;
  base_language: string;
}

/** What a field parser may look at besides its value: the raw body and the stored survey (PATCH). */
export interface FieldContext {
  body: JsonObject;
  existing?: SurveyBefore;
}

const json = <T extends Json>(validator: string, check: (value: Json, ctx: FieldContext) => T) =>
  parser(`JSONField(allow_null=True), ${validator}`, true, check);
/** The model field of the flag columns (on_delete SET_NULL: core/state.ts, Store.deleteFlag). */
const NULL_FK = "ForeignKey(FeatureFlag, null=True)";

/** Serializer order matters: DRF reports the first failing field. */
export const SURVEY_FIELDS = {
  id: col.identity<string>("UUIDField(read_only=True)"),
  name: col.input(drf.char({ maxLength: 400 }), "", { required: true }),
  description: col.input(drf.char({ allowBlank: true }), "", { duplicated: true }),
  type: col.input(drf.choice(SURVEY_TYPES), "popover", { required: true, duplicated: true }),
  schedule: col.input(refine(drf.char({ allowNull: true, allowBlank: true }), checkSchedule), "once", {
    duplicated: true,
  }),
  linked_flag: col.computed("MinimalFeatureFlagSerializer(read_only=True)"),
  linked_flag_id: col.input(drf.int({ allowNull: true }), null, { writeOnly: true }),
  linked_insight_id: col.input(drf.int({ allowNull: true }), null, { writeOnly: true }),
  // Not nullable: `targeting_flag_id: null` is "This field may not be null."; the column is (SET_NULL).
  targeting_flag_id: col.input(drf.int(), null, { writeOnly: true, listed: "write" }),
  targeting_flag: col.computed("MinimalFeatureFlagSerializer(read_only=True)"),
  internal_targeting_flag: col.computed("MinimalFeatureFlagSerializer(read_only=True)"),
  targeting_flag_filters: col.instruction(drf.json()),
  remove_targeting_flag: col.instruction(drf.bool({ allowNull: true })),
  // The model column is a JSONField: the record holds any JSON (the ORM, and /_emulator writes, store as is).
  questions: col.jsonInput(
    parser("JSONField(allow_null=True), validate_questions", true, (v, ctx: FieldContext) =>
      validateQuestions(v, resolveBaseLanguage(ctx.body, ctx.existing), ctx.existing?.questions),
    ),
    null,
  ),
  conditions: col.input(json("validate_conditions", validateConditions), null),
  appearance: col.input(json("validate_appearance", validateAppearance), null, { duplicated: true }),
  created_at: col.identity<number>("DateTimeField(read_only=True)"),
  created_by: col.identity<number>("UserBasicSerializer(read_only=True)"),
  start_date: col.input(drf.dateTime(), null),
  end_date: col.input(drf.dateTime(), null),
  archived: col.input(drf.bool(), false),
  responses_limit: col.input(drf.int({ allowNull: true, min: 0 }), null, { duplicated: true }),
  feature_flag_keys: col.computed("SerializerMethodField", "read"),
  iteration_count: col.input(drf.int({ allowNull: true, min: 0, max: MAX_ITERATION_COUNT }), null, {
    duplicated: true,
  }),
  iteration_frequency_days: col.input(drf.int({ allowNull: true, min: 0 }), null, { duplicated: true }),
  iteration_start_dates: col.readOnly<string[] | null>("ArrayField(DateTimeField, null=True)", []),
  current_iteration: col.readOnly<number | null>("PositiveIntegerField(null=True)", null),
  current_iteration_start_date: col.readOnly<string | null>("DateTimeField(null=True)", null),
  response_sampling_start_date: col.input(drf.dateTime(), null),
  response_sampling_interval_type: col.input(
    drf.choice(SAMPLING_INTERVALS, { allowNull: true, allowBlank: true }),
    "week",
  ),
  response_sampling_interval: col.input(drf.int({ allowNull: true, min: 0 }), null),
  response_sampling_limit: col.input(drf.int({ allowNull: true, min: 0 }), null),
  // pre_save stores it as a json.dumps string (survey-save.ts, deriveSamplingLimits).
  response_sampling_daily_limits: col.readOnly<string | null>("JSONField(null=True)", null),
  enable_partial_responses: col.input(drf.bool({ allowNull: true }), false, { duplicated: true }),
  enable_iframe_embedding: col.input(drf.bool({ allowNull: true }), false),
  base_language: col.input(refine(drf.char({ allowBlank: true, maxLength: 20 }), parseBaseLanguage), "en"),
  translations: col.jsonInput(json("validate_translations", validateTranslations), null),
  user_access_level: col.computed("SerializerMethodField", "read"),
  form_content: col.input(drf.json(), null),
  // Model columns neither serializer lists.
  team_id: col.identity<number>("ForeignKey(Team)", "model"),
  /** the emulator's creation order, the tie-break of equal created_at */
  seq: col.identity<number>("(emulator) creation order", "model"),
  internal_targeting_flag_id: col.readOnly<number | null>(NULL_FK, null, "model"),
  internal_response_sampling_flag_id: col.readOnly<number | null>(NULL_FK, null, "model"),
  /** the survey's M2M action links (Survey.actions) */
  action_ids: col.readOnly<number[]>("ManyToManyField(Action)", [], "model"),
};

export type SurveyFieldTable = typeof SURVEY_FIELDS;
export type SurveyRecord = RecordOf<SurveyFieldTable>;
/** The validated request: a key is present only when the request carried it. */
export type SurveyWrite = WriteOf<SurveyFieldTable>;

/** Field-level pass over the table; throws the first field error. */
export function parseSurveyFields(body: JsonObject, existing?: SurveyRecord): SurveyWrite {
  const c = new Collector(body, existing !== undefined);
  const write = parseFields(SURVEY_FIELDS, c, { body, existing }, existing === undefined);
  c.throwIfAny();
  return write;
}
