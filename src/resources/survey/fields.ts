// The Survey's fields, each written once: the one row that leads everything about a field. Its public type
// and description are the field's property of SurveyFields (types.ts); its row here holds the input rule
// check runs, the wire name, the value it returns to when the program stops declaring it, how PostHog's answer
// reads as the field's output, how a declared value is compared with it, and whether PostHog ever returns it.
// The class's arguments and outputs, the write body, outputs, diff, refresh, export and the catalogue all derive
// from here. Adding a field: its property in SurveyFields, its row here, and its wire name in surveys.wire.ts.
import { z } from "zod";
import type { SurveyWriteBody, WireSurvey } from "../../client";
import type { surveySchema } from "../../client/surveys.wire";
import { naiveAsUtc, stripLikeDrf } from "../../provider-kit/normal-form";
import { deepEqualLoose, sameInstant, withoutUndefined } from "../../provider-kit/equality";
import { lastDeclared } from "../../provider-kit/declared";
import { statusOf } from "./status";
import { storedAppearance, storedQuestions, storedTranslations } from "./stored-texts";
import {
  appearance,
  conditions,
  dateInput,
  FIX_TYPE,
  flagId,
  flagKey,
  nonBlank,
  positiveId,
  question,
  targetingFlagFilters,
} from "./inputs";
import { LANGUAGE_CODE, languageCode, translations } from "./translations";
import {
  SURVEY_SAMPLING_INTERVALS,
  SURVEY_SCHEDULES,
  SURVEY_STATUSES,
  SURVEY_TYPES,
  type SurveyFields,
  type SurveyQuestion,
} from "./types";
import { questionsOnWire, settingOnWire } from "./settings/extra";
import { withQuestionIds } from "./question-ids";

type Json = Record<string, unknown>;

/** What a field needs to know about the survey's stored outputs (its other fields) when it is written. */
export type StoredOutputs = Json;

/** Every input sent to PostHog (projectId and adopt are the provider's own). */
export type SurveyField = keyof SurveyFields;

/** A declared value: anything but undefined (null clears the field). */
type Declared<T> = NonNullable<T> | Extract<T, null>;

export interface FieldSpec<T> {
  /** The input rule check runs; its output is the field's public type (so neither can drift). */
  rule: z.ZodType<T>;
  /** Absent: not part of the write body; the field is applied by requests of its own (see lifecycle.ts). */
  wire?: keyof SurveyWriteBody;
  /** Sent when the program stops declaring the field; absent for required fields (never reset). */
  reset?: Declared<T>;
  /** The server's value as the field's output; default `survey[wire] ?? reset ?? null`. */
  read?(survey: WireSurvey, declared: Json): unknown;
  /** PostHog never returns it: its output is what was last applied. */
  writeOnly?: true;
  /** The value in force, from stored outputs, when it is not simply the output (default `output ?? reset ?? null`). */
  current?(outputs: StoredOutputs): unknown;
  /** The declared value in the form PostHog stores it, applied by check (trimmed text, dates in UTC). */
  normalise?(value: string): string;
  /** What PostHog stores for a declared value it rewrites (sanitised HTML); diffs compare in this form. */
  stored?(declared: unknown): unknown;
  /** Whether a declared value means the same as the current one (default: JSON equality, null = absent). */
  same?(declared: unknown, current: unknown): boolean;
  /** The body fragment for a value (default `{[wire]: value}`). */
  write?(value: Declared<T>, outputs: StoredOutputs): SurveyWriteBody;
}

function stripQuestionIds(questions: unknown, keepIdsOf: unknown): unknown {
  if (!Array.isArray(questions)) return questions;
  const declared = jsonList(keepIdsOf);
  return questions.map((q: unknown, i) => {
    if (!isJson(q) || declared[i]?.id !== undefined) return q;
    const { id: _id, ...rest } = q;
    return rest;
  });
}

// PostHog: products/surveys/backend/api/survey.py, get_survey_conditions_with_actions: responses replace
// conditions.actions.values with the linked Action objects, in the order of the survey's action set (not
// the order declared), so actions compare as a set of ids.
function actionIds(conditions: unknown): unknown {
  if (!isJson(conditions) || !isJson(conditions.actions) || !Array.isArray(conditions.actions.values)) {
    return conditions;
  }
  const ids = jsonList(conditions.actions.values)
    .map((v) => v.id)
    .sort((a, b) => Number(a) - Number(b));
  return { ...conditions, actions: { ...conditions.actions, values: ids.map((id) => ({ id })) } };
}

/**
 * Question ids: each declared question with the id it is written with, given the questions PostHog holds (an
 * update), or the marks a create derives (ownership.ts). Ids follow their questions: question-ids.ts.
 */
export function carryQuestionIds(declared: SurveyQuestion[], current: readonly Json[]): SurveyQuestion[] {
  return withQuestionIds(declared, current);
}

/** The JSON objects of a list (a question list as stored in outputs); anything else reads as empty. */
export function jsonList(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isJson) : [];
}
export const isJson = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const FIELD_TABLE = {
  name: {
    rule: nonBlank("name").refine((s) => s.length <= 400, {
      message: "name is longer than 400 characters. Shorten it.",
    }),
    wire: "name",
    normalise: stripLikeDrf,
  },
  description: {
    rule: z.string({ error: "description must be a string." }).optional(),
    wire: "description",
    reset: "",
    normalise: stripLikeDrf,
  },
  type: {
    rule: z.enum(SURVEY_TYPES, {
      error: (issue) => `type ${JSON.stringify(issue.input)} is not a known survey type. ${FIX_TYPE}`,
    }),
    wire: "type",
  },
  linkedFlagId: {
    rule: flagId("linkedFlagId").optional(),
    wire: "linked_flag_id",
    reset: null,
    // A write response carries only the nested flag.
    read: (survey) => survey.linked_flag_id ?? survey.linked_flag?.id ?? null,
  },
  targetingFlagId: {
    rule: flagId("targetingFlagId").optional(),
    wire: "targeting_flag_id",
    reset: null,
    read: (survey) => survey.targeting_flag?.id ?? null,
  },
  // A flag named by key: diff compares the key with the linked flag's key (no request); apply resolves the key to
  // the flag's id first (flag-keys.ts), so the value written is that id. Rows after the id rows they replace.
  // A key reaches the write body only as null (the reset); a declared key is written as its id field.
  linkedFlagKey: {
    rule: flagKey("linkedFlagKey").optional(),
    wire: "linked_flag_id",
    reset: null,
    read: (survey) => survey.linked_flag?.key ?? null,
    write: (key) => (key === null ? { linked_flag_id: null } : {}),
  },
  targetingFlagKey: {
    rule: flagKey("targetingFlagKey").optional(),
    wire: "targeting_flag_id",
    reset: null,
    read: (survey) => survey.targeting_flag?.key ?? null,
    write: (key) => (key === null ? { targeting_flag_id: null } : {}),
  },
  targetingFlagFilters: {
    rule: targetingFlagFilters.optional(),
    wire: "targeting_flag_filters",
    reset: null,
    writeOnly: true,
    // A targeting flag deleted outside Pulumi is drift: the declared filters are no longer in force.
    current: (outputs) => (outputs.targetingFlag ? (outputs.targetingFlagFilters ?? null) : null),
    // Dropping the filters removes the targeting flag they created.
    write: (value) => (value === null ? { remove_targeting_flag: true } : { targeting_flag_filters: value }),
  },
  removeTargetingFlag: {
    rule: z.boolean({ error: "removeTargetingFlag must be true or false." }).optional(),
    wire: "remove_targeting_flag",
    reset: false,
    writeOnly: true,
  },
  questions: {
    rule: z
      .array(question, {
        error: 'questions must be a list of question objects, e.g. [{type: "open", question: "…"}].',
      })
      .optional(),
    wire: "questions",
    reset: [],
    // Each question's `extra` is merged in before PostHog sees it (settings/extra.ts), in diffs as in writes.
    stored: (questions) => storedQuestions(Array.isArray(questions) ? questionsOnWire(questions) : questions),
    same: (declared, current) => deepEqualLoose(declared ?? [], stripQuestionIds(current, declared) ?? []),
    write: (value, outputs) => ({
      questions: questionsOnWire(carryQuestionIds(value, jsonList(outputs.questions))),
    }),
  },
  conditions: {
    rule: conditions.optional(),
    wire: "conditions",
    reset: null,
    stored: settingOnWire,
    same: (declared, current) => deepEqualLoose(actionIds(declared), actionIds(current)),
    write: (value) => ({ conditions: settingOnWire(value) }),
  },
  appearance: {
    rule: appearance.optional(),
    wire: "appearance",
    reset: null,
    stored: (appearance) => storedAppearance(settingOnWire(appearance)),
    write: (value) => ({ appearance: settingOnWire(value) }),
  },
  startDate: {
    rule: dateInput("startDate").optional(),
    wire: "start_date",
    reset: null,
    normalise: naiveAsUtc,
    same: sameInstant,
  },
  endDate: {
    rule: dateInput("endDate").optional(),
    wire: "end_date",
    reset: null,
    normalise: naiveAsUtc,
    same: sameInstant,
  },
  // Launched, stopped or neither, read from the dates and the declared inputs (status.ts); applied by the
  // lifecycle plan (lifecycle-plan.ts). Never reset: a program that stops declaring it leaves the survey as it is.
  status: {
    rule: z
      .enum(SURVEY_STATUSES, { error: `status must be one of: ${SURVEY_STATUSES.join(", ")}.` })
      .optional(),
    read: (survey, declared) => statusOf(survey.start_date, survey.end_date, declared),
    // Read against what was declared when these outputs were stored, so a changed endDate alone is no status change.
    current: (outputs) => statusOf(outputs.startDate, outputs.endDate, lastDeclared(outputs)),
    write: () => ({}),
  },
  archived: {
    rule: z.boolean({ error: "archived must be true or false." }).optional(),
    wire: "archived",
    reset: false,
  },
  schedule: {
    rule: z.enum(SURVEY_SCHEDULES, { error: "schedule must be one of: once, recurring, always." }).optional(),
    wire: "schedule",
    reset: "once",
  },
  responsesLimit: {
    rule: z
      .number({ error: "responsesLimit must be a number." })
      .int("responsesLimit must be a whole number.")
      .positive("responsesLimit must be a positive number (or null for no limit).")
      .nullable()
      .optional(),
    wire: "responses_limit",
    reset: null,
  },
  iterationCount: {
    rule: z
      .number({ error: "iterationCount must be a number." })
      .int("iterationCount must be a whole number.")
      .min(0, "iterationCount must be between 0 and 500.")
      .max(500, "iterationCount must be between 0 and 500.")
      .nullable()
      .optional(),
    wire: "iteration_count",
    reset: null,
  },
  iterationFrequencyDays: {
    rule: z
      .number({ error: "iterationFrequencyDays must be a number." })
      .int("iterationFrequencyDays must be a whole number of days.")
      .min(1, "iterationFrequencyDays must be between 1 and 365.")
      .max(365, "iterationFrequencyDays must be between 1 and 365.")
      .nullable()
      .optional(),
    wire: "iteration_frequency_days",
    reset: null,
  },
  enablePartialResponses: {
    rule: z.boolean({ error: "enablePartialResponses must be true or false." }).optional(),
    wire: "enable_partial_responses",
    reset: false,
  },
  // PostHog: products/surveys/backend/api/survey.py, validate_base_language: DEFAULT_BASE_LANGUAGE ("en"),
  // stored normalised by _normalize_language_code, so a declared "pt_BR" matches a stored "pt-br". The rule is
  // BCP47_LANGUAGE_CODE_RE after that normalising. PostHog reads an empty value as "en"; the provider asks for
  // the code instead.
  baseLanguage: {
    rule: z
      .string({ error: 'baseLanguage must be a language code such as "en" or "pt-BR".' })
      .refine((code) => LANGUAGE_CODE.test(languageCode(code)), {
        message: 'baseLanguage must be a language code such as "en" or "pt-BR".',
      })
      .optional(),
    wire: "base_language",
    reset: "en",
    same: (declared, current) => deepEqualLoose(languageCode(declared), languageCode(current)),
  },
  // PostHog: survey.py, SurveySerializerCreateUpdateOnly.enable_iframe_embedding (BooleanField, null allowed).
  enableIframeEmbedding: {
    rule: z.boolean({ error: "enableIframeEmbedding must be true or false." }).optional(),
    wire: "enable_iframe_embedding",
    reset: false,
  },
  // PostHog: survey.py, SurveySerializerCreateUpdateOnly.linked_insight_id is write-only: a write response leaves
  // it out (the GET shape has it), so the value just written stands until the next read. validate() refuses
  // an insight of another project ("Insight with this ID does not exist").
  linkedInsightId: {
    rule: positiveId("linkedInsightId", "an insight in the same project").optional(),
    wire: "linked_insight_id",
    reset: null,
    read: (survey, declared) =>
      "linked_insight_id" in survey ? (survey.linked_insight_id ?? null) : (declared.linkedInsightId ?? null),
  },
  // PostHog: survey.py, SurveySerializerCreateUpdateOnly.validate: the start date is today or later in UTC (see
  // sampling-rules.ts), the interval above 0, and a positive limit with an interval needs a start date.
  responseSamplingStartDate: {
    rule: dateInput("responseSamplingStartDate").optional(),
    wire: "response_sampling_start_date",
    reset: null,
    normalise: naiveAsUtc,
    same: sameInstant,
  },
  // PostHog: products/surveys/backend/models (Survey.response_sampling_interval_type: day, week, month; "week"
  // by default).
  responseSamplingIntervalType: {
    rule: z
      .enum(SURVEY_SAMPLING_INTERVALS, {
        error: `responseSamplingIntervalType must be one of: ${SURVEY_SAMPLING_INTERVALS.join(", ")}.`,
      })
      .nullable()
      .optional(),
    wire: "response_sampling_interval_type",
    reset: "week",
  },
  responseSamplingInterval: {
    rule: z
      .number({ error: "responseSamplingInterval must be a number." })
      .int("responseSamplingInterval must be a whole number.")
      .positive(
        "responseSamplingInterval must be greater than 0 (PostHog refuses 0), or null for no sampling.",
      )
      .nullable()
      .optional(),
    wire: "response_sampling_interval",
    reset: null,
  },
  responseSamplingLimit: {
    rule: z
      .number({ error: "responseSamplingLimit must be a number." })
      .int("responseSamplingLimit must be a whole number.")
      .nonnegative("responseSamplingLimit must be 0 or more, or null for no limit.")
      .nullable()
      .optional(),
    wire: "response_sampling_limit",
    reset: null,
  },
  // PostHog: survey.py, SurveySerializerCreateUpdateOnly.validate_translations: each language's texts, keys
  // normalised by _normalize_language_code, HTML sanitised; compared in that stored form.
  translations: {
    rule: translations.optional(),
    wire: "translations",
    reset: null,
    stored: storedTranslations,
  },
  // PostHog: survey.py, SurveySerializerCreateUpdateOnly.Meta.fields: form_content, a JSONField kept as sent.
  formContent: {
    rule: z
      .record(z.string(), z.unknown(), { error: "formContent must be an object." })
      .nullable()
      .optional(),
    wire: "form_content",
    reset: null,
  },
} as const satisfies FieldTable;

type FieldTable = { [K in SurveyField]: FieldSpec<SurveyFields[K]> };
/** The table, typed per field: a field's row knows the field's type. */
export const SURVEY_FIELDS: FieldTable = FIELD_TABLE;

// Compile-time link to the wire schemas (client/surveys.wire.ts): a field written as it is (no `write`) names a
// SurveyWriteBody key whose type takes the field's value, and one read as it is (no `read`, not write-only)
// names a key of PostHog's read shape. A misfit names the field here.
type Row<K extends SurveyField> = (typeof FIELD_TABLE)[K];
type ReadKey = keyof typeof surveySchema.shape;
type WireMisfit<K extends SurveyField> =
  Row<K> extends { wire: infer W extends keyof SurveyWriteBody }
    ? | (Row<K> extends { write: unknown }
          ? never
          : Declared<SurveyFields[K]> extends SurveyWriteBody[W]
            ? never
            : K)
      | (Row<K> extends { read: unknown } | { writeOnly: true } ? never : W extends ReadKey ? never : K)
    : never;
type WireMisfits = { [K in SurveyField]: WireMisfit<K> }[SurveyField];
const _wireLinked: [WireMisfits] extends [never] ? true : WireMisfits = true;

const spec = <K extends SurveyField>(field: K): FieldSpec<SurveyFields[K]> => SURVEY_FIELDS[field];

export const isSurveyField = (key: string): key is SurveyField => Object.hasOwn(FIELD_TABLE, key);

/** Field names in declaration order. */
export const SURVEY_FIELD_NAMES: readonly SurveyField[] = Object.keys(FIELD_TABLE).filter(isSurveyField);

/** A field's input rule. */
export function fieldRule<K extends SurveyField>(field: K): z.ZodType<SurveyFields[K]> {
  return spec(field).rule;
}

/** PostHog's name for the field, when it is written as one (status is applied by requests of its own). */
export function wireName(field: SurveyField): string | undefined {
  return spec(field).wire;
}

export function isWriteOnly(field: SurveyField): boolean {
  return spec(field).writeOnly === true;
}

/** The value a field goes back to when the program stops declaring it (undefined: never reset). */
export function resetValue(field: SurveyField): unknown {
  return spec(field).reset;
}

/** The field's output for a survey as PostHog returned it; write-only fields keep what was declared. */
export function outputValue(field: SurveyField, survey: WireSurvey, declared: Json): unknown {
  const s = spec(field);
  if (s.writeOnly) return declared[field] ?? s.reset;
  if (s.read) return s.read(survey, declared);
  return (s.wire && survey[s.wire]) ?? s.reset ?? null;
}

/** The field's value in force, from the stored outputs (no request). */
export function currentValue(field: SurveyField, outputs: StoredOutputs): unknown {
  const s = spec(field);
  return s.current ? s.current(outputs) : (outputs[field] ?? s.reset ?? null);
}

/** Whether a declared value and a current value mean the same thing, once PostHog has stored the declared one. */
export function fieldMatches(field: SurveyField, declared: unknown, current: unknown): boolean {
  const s = spec(field);
  const same = s.same ?? deepEqualLoose;
  return same(storedForm(field, declared), current);
}

/** What PostHog stores for a declared value (the value itself unless PostHog rewrites it). */
export function storedForm(field: SurveyField, declared: unknown): unknown {
  const stored = spec(field).stored;
  return stored && declared !== undefined && declared !== null ? stored(declared) : declared;
}

/** The inputs with each text and date in the form PostHog stores it (run by check). */
export function normaliseInputs(inputs: Json): Json {
  const out = { ...inputs };
  for (const field of SURVEY_FIELD_NAMES) {
    const normalise: ((value: string) => string) | undefined = spec(field).normalise;
    const value = out[field];
    if (normalise && typeof value === "string") out[field] = normalise(value);
  }
  return out;
}

const conditionsOf = (inputs: Json): Json => (isJson(inputs.conditions) ? inputs.conditions : {});

const hasActions = (inputs: Json): boolean => {
  const actions = conditionsOf(inputs).actions;
  return isJson(actions) && Array.isArray(actions.values) && actions.values.length > 0;
};

// What a PATCH must carry besides the changed fields, or PostHog drops related state. In order: a rule may
// add a field a later rule looks at.
const RELATED_STATE: readonly { send: SurveyField; when(fields: SurveyField[], inputs: Json): boolean }[] = [
  // PostHog: products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly.update calls
  // _associate_actions on every save, which unlinks the actions unless the request carries conditions.actions.
  { send: "conditions", when: (_fields, inputs) => hasActions(inputs) },
  // PostHog: survey.py, SurveySerializerCreateUpdateOnly.validate: a linkedFlagVariant needs linked_flag_id in
  // the same request.
  {
    send: "linkedFlagId",
    when: (fields, inputs) =>
      fields.includes("conditions") && Boolean(conditionsOf(inputs).linkedFlagVariant),
  },
  // PostHog: survey.py, SurveySerializerCreateUpdateOnly.update: a non-null iteration_count sets
  // iteration_frequency_days from the same request, null when it is absent.
  {
    send: "iterationFrequencyDays",
    when: (fields, inputs) =>
      fields.includes("iterationCount") &&
      inputs.iterationCount !== null &&
      inputs.iterationCount !== undefined,
  },
];

/** The fields a PATCH sends: the changed ones plus the related state PostHog would otherwise drop. */
export function patchFields(changed: readonly SurveyField[], inputs: Json): SurveyField[] {
  const fields = [...changed];
  if (fields.length === 0) return fields;
  for (const rule of RELATED_STATE) {
    if (!fields.includes(rule.send) && rule.when(fields, inputs)) fields.push(rule.send);
  }
  return SURVEY_FIELD_NAMES.filter((field) => fields.includes(field));
}

/** The inputs' fields that hold a valid value, typed by their rows' rules (check has validated them). */
export function parseFields(inputs: Json): Partial<SurveyFields> {
  const parsed: Partial<SurveyFields> = {};
  for (const field of SURVEY_FIELD_NAMES) parseInto(parsed, field, inputs[field]);
  return parsed;
}

function parseInto<K extends SurveyField>(parsed: Partial<SurveyFields>, field: K, value: unknown): void {
  const result = spec(field).rule.safeParse(value);
  if (result.success && result.data !== undefined) parsed[field] = result.data;
}

/** One field's body fragment: its declared value, else its reset value (explicit null); nothing if neither. */
function fragment<K extends SurveyField>(
  field: K,
  inputs: Partial<SurveyFields>,
  outputs: StoredOutputs,
): SurveyWriteBody {
  const s = spec(field);
  const declared = inputs[field];
  const value = declared === undefined ? s.reset : declared;
  if (value === undefined) return {};
  if (s.write) return s.write(value, outputs);
  return s.wire ? { [s.wire]: value } : {};
}

/** The write body for `fields`; a field absent from `inputs` is sent as its reset value (explicit null). */
export function writeBody(
  inputs: Partial<SurveyFields>,
  fields: readonly SurveyField[],
  outputs: StoredOutputs,
): SurveyWriteBody {
  const body: SurveyWriteBody = {};
  for (const field of fields) Object.assign(body, fragment(field, inputs, outputs));
  return withoutUndefined(body);
}

/** Fields whose declared value differs from the one in force (or that the program stopped declaring). */
export function changedFields(news: Json, outputs: StoredOutputs, previouslyDeclared: Json): SurveyField[] {
  return SURVEY_FIELD_NAMES.filter((field) => {
    const declared = news[field];
    if (declared === undefined && previouslyDeclared[field] === undefined) return false;
    const wanted = declared === undefined ? (resetValue(field) ?? null) : declared;
    return !fieldMatches(field, wanted, currentValue(field, outputs));
  });
}
