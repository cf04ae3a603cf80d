// The Survey's fields, each written once: its wire name, the value it returns to when the program stops
// declaring it, how PostHog's answer reads as the field's output, how a declared value is compared with it,
// and whether PostHog ever returns it. The write body, outputs, diff, refresh and export all derive from here.
// Adding a field: a row here, its zod rule in inputs.ts, its public type in types.ts and survey.ts.
import type { SurveyWriteBody, WireSurvey } from "../../client";
import { naiveAsUtc, stripLikeDrf } from "../../provider-kit/normal-form";
import { deepEqualLoose, sameInstant, withoutUndefined } from "../../provider-kit/equality";
import { lastDeclared } from "../../provider-kit/declared";
import { statusOf } from "./status";
import { storedAppearance, storedQuestions } from "./stored-texts";
import type { SurveyInputs, SurveyQuestion } from "./types";

type Json = Record<string, unknown>;

/** What a field needs to know about the survey's stored outputs (its other fields) when it is written. */
export type StoredOutputs = Json;

interface FieldSpec {
  /** Absent: not part of the write body; the field is applied by requests of its own (see lifecycle.ts). */
  wire?: keyof SurveyWriteBody;
  /** Sent when the program stops declaring the field; undefined for required fields (never reset). */
  reset: unknown;
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
  write?(value: unknown, outputs: StoredOutputs): SurveyWriteBody;
}

/** Every input sent to PostHog (projectId and adopt are the provider's own). */
export type SurveyField = Exclude<keyof SurveyInputs, "projectId" | "adopt">;

function stripQuestionIds(questions: unknown, keepIdsOf: unknown): unknown {
  if (!Array.isArray(questions)) return questions;
  const declared = Array.isArray(keepIdsOf) ? (keepIdsOf as Json[]) : [];
  return questions.map((q: Json, i) => {
    if (q === null || typeof q !== "object") return q;
    if (declared[i]?.id !== undefined) return q;
    const { id: _id, ...rest } = q;
    return rest;
  });
}

// PostHog: products/surveys/backend/api/survey.py, get_survey_conditions_with_actions: responses replace
// conditions.actions.values with the linked Action objects, in the order of the survey's action set (not
// the order declared), so actions compare as a set of ids.
function actionIds(conditions: unknown): unknown {
  if (!conditions || typeof conditions !== "object") return conditions;
  const c = conditions as Json;
  const actions = c.actions as { values?: Json[] } | null | undefined;
  if (!actions || !Array.isArray(actions.values)) return conditions;
  const ids = actions.values.map((v) => v?.id).sort((a, b) => Number(a) - Number(b));
  return { ...c, actions: { ...actions, values: ids.map((id) => ({ id })) } };
}

/** Question ids: keep each question's server id (explicit id first, else the old question at the same position). */
export function carryQuestionIds(declared: SurveyQuestion[], current: readonly Json[]): SurveyQuestion[] {
  return declared.map((question, index) => {
    if (question.id) return question;
    const previous = current[index];
    return typeof previous?.id === "string" ? { ...question, id: previous.id } : question;
  });
}

// PostHog: products/surveys/backend/api/survey.py, _normalize_language_code: lowercased, "_" read as "-".
const languageCode = (value: unknown) =>
  typeof value === "string" ? value.trim().toLowerCase().replace(/_/g, "-") : value;

export const SURVEY_FIELDS = {
  name: { wire: "name", reset: undefined, normalise: stripLikeDrf },
  description: { wire: "description", reset: "", normalise: stripLikeDrf },
  type: { wire: "type", reset: undefined },
  linkedFlagId: {
    wire: "linked_flag_id",
    reset: null,
    // A write response carries only the nested flag.
    read: (survey) => survey.linked_flag_id ?? survey.linked_flag?.id ?? null,
  },
  targetingFlagId: {
    wire: "targeting_flag_id",
    reset: null,
    read: (survey) => survey.targeting_flag?.id ?? null,
  },
  // A flag named by key: diff compares the key with the linked flag's key (no request); apply resolves the key to
  // the flag's id first (flag-keys.ts), so the value written is that id. Rows after the id rows they replace.
  linkedFlagKey: {
    wire: "linked_flag_id",
    reset: null,
    read: (survey) => survey.linked_flag?.key ?? null,
  },
  targetingFlagKey: {
    wire: "targeting_flag_id",
    reset: null,
    read: (survey) => survey.targeting_flag?.key ?? null,
  },
  targetingFlagFilters: {
    wire: "targeting_flag_filters",
    reset: null,
    writeOnly: true,
    // A targeting flag deleted outside Pulumi is drift: the declared filters are no longer in force.
    current: (outputs) => (outputs.targetingFlag ? (outputs.targetingFlagFilters ?? null) : null),
    // Dropping the filters removes the targeting flag they created.
    write: (value) =>
      value === null
        ? { remove_targeting_flag: true }
        : { targeting_flag_filters: value as SurveyWriteBody["targeting_flag_filters"] },
  },
  removeTargetingFlag: { wire: "remove_targeting_flag", reset: false, writeOnly: true },
  questions: {
    wire: "questions",
    reset: [],
    stored: storedQuestions,
    same: (declared, current) => deepEqualLoose(declared ?? [], stripQuestionIds(current, declared) ?? []),
    write: (value, outputs) => ({
      questions: carryQuestionIds(value as SurveyQuestion[], (outputs.questions as Json[] | undefined) ?? []),
    }),
  },
  conditions: {
    wire: "conditions",
    reset: null,
    same: (declared, current) => deepEqualLoose(actionIds(declared), actionIds(current)),
  },
  appearance: { wire: "appearance", reset: null, stored: storedAppearance },
  startDate: { wire: "start_date", reset: null, normalise: naiveAsUtc, same: sameInstant },
  endDate: { wire: "end_date", reset: null, normalise: naiveAsUtc, same: sameInstant },
  // Launched, stopped or neither, read from the dates and the declared inputs (status.ts); applied by the
  // lifecycle plan (lifecycle-plan.ts). Never reset: a program that stops declaring it leaves the survey as it is.
  status: {
    reset: undefined,
    read: (survey, declared) => statusOf(survey.start_date, survey.end_date, declared),
    // Read against what was declared when these outputs were stored, so a changed endDate alone is no status change.
    current: (outputs) => statusOf(outputs.startDate, outputs.endDate, lastDeclared(outputs)),
    write: () => ({}),
  },
  archived: { wire: "archived", reset: false },
  schedule: { wire: "schedule", reset: "once" },
  responsesLimit: { wire: "responses_limit", reset: null },
  iterationCount: { wire: "iteration_count", reset: null },
  iterationFrequencyDays: { wire: "iteration_frequency_days", reset: null },
  enablePartialResponses: { wire: "enable_partial_responses", reset: false },
  // PostHog: products/surveys/backend/api/survey.py, validate_base_language: DEFAULT_BASE_LANGUAGE ("en"),
  // stored normalised by _normalize_language_code, so a declared "pt_BR" matches a stored "pt-br".
  baseLanguage: {
    wire: "base_language",
    reset: "en",
    same: (declared, current) => deepEqualLoose(languageCode(declared), languageCode(current)),
  },
} as const satisfies { [K in SurveyField]: FieldSpec };

const spec = (field: SurveyField): FieldSpec => SURVEY_FIELDS[field];

/** Field names in declaration order. */
export const SURVEY_FIELD_NAMES = Object.keys(SURVEY_FIELDS) as SurveyField[];

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
  return (s.wire && (survey as Json)[s.wire]) ?? s.reset ?? null;
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
    const normalise = spec(field).normalise;
    const value = out[field];
    if (normalise && typeof value === "string") out[field] = normalise(value);
  }
  return out;
}

const conditionsOf = (inputs: Json): Json =>
  inputs.conditions !== null && typeof inputs.conditions === "object" ? (inputs.conditions as Json) : {};

const hasActions = (inputs: Json): boolean => {
  const actions = conditionsOf(inputs).actions as { values?: unknown[] } | null | undefined;
  return Array.isArray(actions?.values) && actions.values.length > 0;
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

/** The write body for `fields`; a field absent from `inputs` is sent as its reset value (explicit null). */
export function writeBody(
  inputs: Json,
  fields: readonly SurveyField[],
  outputs: StoredOutputs,
): SurveyWriteBody {
  const body: SurveyWriteBody = {};
  for (const field of fields) {
    const s = spec(field);
    const value = inputs[field] === undefined ? s.reset : inputs[field];
    if (value === undefined) continue;
    Object.assign(body, s.write ? s.write(value, outputs) : s.wire ? { [s.wire]: value } : {});
  }
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
