// The emulator's survey fields, declared once: SurveySerializerCreateUpdateOnly's writable fields in serializer
// order, each with its DRF field parser, whether POST requires it and whether the model stores it as sent.
// PostHog: products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly (Meta.fields, validate_*)
import { randomUUID } from "node:crypto";
import {
  boolField,
  charField,
  choiceField,
  Collector,
  dateTimeField,
  fieldError,
  intField,
  isEmail,
} from "./fields";
import { clone, has, isObject, pyTruthy, type Json, type JsonObject } from "./json";

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

function validateLink(link: Json): void {
  const s = typeof link === "string" ? link.trim() : "";
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(s)?.[1].toLowerCase();
  if (scheme !== "https" && scheme !== "mailto") {
    throw fieldError("Link must be a URL with one of these schemes: [https, mailto]");
  }
  if (scheme === "mailto") {
    let address = s.slice("mailto:".length).split("?")[0];
    try {
      address = decodeURIComponent(address);
    } catch {
      // keep the raw text; the email check below rejects it
    }
    if (!isEmail(address)) {
      throw fieldError(
        "Invalid mailto link. Please enter a valid mailto link (e.g., mailto:example@domain.com).",
      );
    }
    return;
  }
  let host = "";
  try {
    host = new URL(s).hostname;
  } catch {
    host = "";
  }
  if (!host) throw fieldError("Invalid HTTPS URL. Please enter a valid HTTPS link.");
}

/** validate_questions plus ensure_question_ids: every question without an id gets a uuid4. */
function validateQuestions(value: unknown): Json[] | null {
  if (value === null) return null;
  if (!Array.isArray(value)) throw fieldError("Questions must be a list of objects");
  return value.map((raw: unknown) => {
    if (!isObject(raw)) throw fieldError("Questions must be a list of objects");
    const q = clone(raw);
    if (!pyTruthy(q.question)) throw fieldError("Question text is required");
    if (typeof q.question !== "string") throw fieldError("Question text must be a string");
    const dct = q.descriptionContentType;
    if (pyTruthy(dct) && dct !== "text" && dct !== "html") {
      throw fieldError("Question descriptionContentType must be one of ['text', 'html']");
    }
    if (has(q, "choices") && q.choices !== null) {
      const choices = q.choices;
      if (!Array.isArray(choices) || choices.some((c) => typeof c !== "string")) {
        throw fieldError("Question choices must be a list of strings");
      }
      if (choices.some((c) => (c as string).trim() === ""))
        throw fieldError("Question choices cannot be empty");
    }
    if (pyTruthy(q.link)) validateLink(q.link);
    if (!pyTruthy(q.id)) q.id = randomUUID();
    return q;
  });
}

function validateConditions(value: unknown): JsonObject | null {
  if (value === null) return null;
  if (!isObject(value)) throw fieldError("Conditions must be an object");
  return clone(value);
}

function validateAppearance(value: unknown): JsonObject | null {
  if (value === null) return null;
  if (!isObject(value)) throw fieldError("Appearance must be an object");
  const delay = value.surveyPopupDelaySeconds;
  if (delay !== undefined && delay !== null && (typeof delay !== "number" || delay < 0)) {
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

const nullableInt = (min?: number, max?: number) => (v: unknown) =>
  intField(v, { allowNull: true, min, max });
const nullableBool = (v: unknown) => boolField(v, true);
const nullableDate = (v: unknown) => dateTimeField(v);
const anyJson = (v: unknown) => clone(v as Json);

interface FieldSpec<T> {
  parse: (value: unknown) => T;
  /** POST without it is "This field is required." */
  required?: boolean;
  /** false: a write-only instruction (not a model column copied from the request) */
  stored?: boolean;
}
const field = <T>(parse: (value: unknown) => T, opts: Omit<FieldSpec<T>, "parse"> = {}): FieldSpec<T> => ({
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
  targeting_flag_id: field(nullableInt()),
  targeting_flag_filters: field(anyJson, { stored: false }),
  remove_targeting_flag: field(nullableBool, { stored: false }),
  questions: field(validateQuestions),
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
  translations: field(anyJson),
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
export function parseSurveyFields(body: JsonObject, partial: boolean): SurveyWrite {
  const c = new Collector(body, partial);
  const out: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) {
    const spec: FieldSpec<unknown> = SURVEY_FIELDS[name];
    const value = c.field(name, spec.parse, { required: spec.required });
    if (value !== undefined) out[name] = value;
  }
  c.throwIfAny();
  return out as SurveyWrite;
}
