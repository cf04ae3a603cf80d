// Survey inputs <-> PostHog wire shapes: which camelCase input is which snake_case field, what value a field
// returns to when the program stops declaring it, and how a server survey reads back as outputs and inputs.
import type { SurveyWriteBody, WireFeatureFlag, WireSurvey } from "../../model/wire";
import { declaredInputs, userSummary } from "../common/wire-shared";

export { declaredInputs };
import { deepEqualLoose, sameInstant, withoutUndefined } from "../common/equality";
import type { SurveyFlag, SurveyInputs, SurveyOutputs, SurveyQuestion } from "./types";

type Json = Record<string, unknown>;

/** Inputs that are sent to PostHog, with their wire names. */
export const WIRE_FIELDS = {
  name: "name",
  description: "description",
  type: "type",
  linkedFlagId: "linked_flag_id",
  targetingFlagId: "targeting_flag_id",
  targetingFlagFilters: "targeting_flag_filters",
  removeTargetingFlag: "remove_targeting_flag",
  questions: "questions",
  conditions: "conditions",
  appearance: "appearance",
  startDate: "start_date",
  endDate: "end_date",
  archived: "archived",
  schedule: "schedule",
  responsesLimit: "responses_limit",
  iterationCount: "iteration_count",
  iterationFrequencyDays: "iteration_frequency_days",
  enablePartialResponses: "enable_partial_responses",
} as const satisfies Partial<Record<keyof SurveyInputs, keyof SurveyWriteBody>>;

export type WireField = keyof typeof WIRE_FIELDS;
export const WIRE_FIELD_NAMES = Object.keys(WIRE_FIELDS) as WireField[];

/** Fields PostHog never returns: compared against what was last applied, not against the server. */
const WRITE_ONLY: readonly WireField[] = ["targetingFlagFilters", "removeTargetingFlag"];

/** The value a field goes back to when the program stops declaring it. */
export const RESET_VALUE: Record<WireField, unknown> = {
  name: undefined,
  description: "",
  type: undefined,
  linkedFlagId: null,
  targetingFlagId: null,
  targetingFlagFilters: null,
  removeTargetingFlag: false,
  questions: [],
  conditions: null,
  appearance: null,
  startDate: null,
  endDate: null,
  archived: false,
  schedule: "once",
  responsesLimit: null,
  iterationCount: null,
  iterationFrequencyDays: null,
  enablePartialResponses: false,
};

/** Question ids: keep each question's server id (explicit id first, else the old question at the same position). */
export function carryQuestionIds(declared: SurveyQuestion[], current: readonly Json[]): SurveyQuestion[] {
  return declared.map((question, index) => {
    if (question.id) return question;
    const previous = current[index];
    return typeof previous?.id === "string" ? { ...question, id: previous.id } : question;
  });
}

/** Write body for the given fields; a field absent from `inputs` is sent as its reset value (explicit null). */
export function writeBody(
  inputs: Json,
  fields: readonly WireField[],
  currentQuestions: readonly Json[],
): SurveyWriteBody {
  const body: Json = {};
  for (const field of fields) {
    const declared = inputs[field];
    if (field === "targetingFlagFilters" && (declared === undefined || declared === null)) {
      // Dropping the filters removes the targeting flag they created.
      body.remove_targeting_flag = true;
      continue;
    }
    let value = declared === undefined ? RESET_VALUE[field] : declared;
    if (value === undefined) continue;
    if (field === "questions") value = carryQuestionIds(value as SurveyQuestion[], currentQuestions);
    body[WIRE_FIELDS[field]] = value;
  }
  return withoutUndefined(body) as SurveyWriteBody;
}

function flag(wire: WireFeatureFlag | null | undefined): SurveyFlag | null {
  if (!wire) return null;
  return {
    id: wire.id,
    teamId: wire.team_id ?? null,
    name: wire.name ?? "",
    key: wire.key,
    filters: (wire.filters as Json | null | undefined) ?? {},
    active: wire.active ?? false,
    deleted: wire.deleted ?? false,
    ensureExperienceContinuity: Boolean((wire as Json).ensure_experience_continuity),
  };
}

/** A field's current value on the server, in input form. Write-only fields come from what was last applied. */
export function currentValue(field: WireField, survey: WireSurvey, declared: Json): unknown {
  switch (field) {
    case "description":
      return survey.description ?? "";
    case "linkedFlagId":
      return survey.linked_flag_id ?? survey.linked_flag?.id ?? null;
    case "targetingFlagId":
      return survey.targeting_flag?.id ?? null;
    case "targetingFlagFilters":
      // A targeting flag deleted outside Pulumi is drift: the declared filters are no longer in force.
      return survey.targeting_flag ? (declared.targetingFlagFilters ?? null) : null;
    case "removeTargetingFlag":
      return declared.removeTargetingFlag ?? false;
    case "schedule":
      return survey.schedule ?? "once";
    case "enablePartialResponses":
      return survey.enable_partial_responses ?? false;
    default: {
      const value = (survey as Json)[WIRE_FIELDS[field]];
      return value === undefined ? null : value;
    }
  }
}

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

function actionIds(conditions: unknown): unknown {
  // GET replaces conditions.actions.values with the linked Action objects: compare by id only.
  if (!conditions || typeof conditions !== "object") return conditions;
  const c = conditions as Json;
  const actions = c.actions as { values?: Json[] } | null | undefined;
  if (!actions || !Array.isArray(actions.values)) return conditions;
  return { ...c, actions: { ...actions, values: actions.values.map((v) => ({ id: v.id })) } };
}

/** Whether a declared value and a current value mean the same thing, after normalisation. */
export function fieldMatches(field: WireField, declared: unknown, current: unknown): boolean {
  switch (field) {
    case "startDate":
    case "endDate":
      return sameInstant(declared, current);
    case "questions":
      return deepEqualLoose(declared ?? [], stripQuestionIds(current, declared) ?? []);
    case "conditions":
      return deepEqualLoose(actionIds(declared), actionIds(current));
    default:
      return deepEqualLoose(declared, current);
  }
}

export function isWriteOnly(field: WireField): boolean {
  return WRITE_ONLY.includes(field);
}

/** Server survey -> outputs (every input, server-assigned ids, flags, who and when). */
export function surveyOutputs(survey: WireSurvey, projectId: string, declared: Json): SurveyOutputs & Json {
  const value = (field: WireField) => currentValue(field, survey, declared);
  return withoutUndefined({
    projectId,
    surveyId: survey.id,
    name: survey.name,
    description: value("description") as string,
    type: survey.type,
    linkedFlagId: value("linkedFlagId") as number | null,
    targetingFlagId: value("targetingFlagId") as number | null,
    targetingFlagFilters: (declared.targetingFlagFilters as SurveyOutputs["targetingFlagFilters"]) ?? null,
    removeTargetingFlag: (declared.removeTargetingFlag as boolean | undefined) ?? false,
    questions: survey.questions as SurveyQuestion[],
    conditions: (survey.conditions as Json | null | undefined) ?? null,
    appearance: (survey.appearance as Json | null | undefined) ?? null,
    startDate: survey.start_date ?? null,
    endDate: survey.end_date ?? null,
    archived: survey.archived,
    schedule: value("schedule") as string,
    responsesLimit: survey.responses_limit ?? null,
    iterationCount: survey.iteration_count ?? null,
    iterationFrequencyDays: survey.iteration_frequency_days ?? null,
    enablePartialResponses: value("enablePartialResponses") as boolean,
    createdAt: survey.created_at,
    createdBy: userSummary(survey.created_by),
    linkedFlag: flag(survey.linked_flag),
    targetingFlag: flag(survey.targeting_flag),
    internalTargetingFlag: flag(survey.internal_targeting_flag),
    declared,
  });
}

/**
 * Inputs as the server has them now, for refresh: each declared field keeps its declared form when it still
 * matches (so no spurious diff), and takes the server's value when it drifted (so the drift shows).
 */
export function reconstructInputs(survey: WireSurvey, projectId: string, declared: Json): Json {
  const inputs: Json = {};
  for (const [key, declaredValue] of Object.entries(declared)) {
    if (key === "projectId") {
      inputs.projectId = projectId;
      continue;
    }
    if (!(key in WIRE_FIELDS)) {
      inputs[key] = declaredValue; // adopt and other provider-only inputs
      continue;
    }
    const field = key as WireField;
    const current = currentValue(field, survey, declared);
    inputs[key] = fieldMatches(field, declaredValue, current) ? declaredValue : current;
  }
  return withoutUndefined(inputs);
}

/** Fields whose declared value differs from the server's (or were dropped from the program). */
export function changedFields(news: Json, survey: WireSurvey, previouslyDeclared: Json): WireField[] {
  const changed: WireField[] = [];
  for (const field of WIRE_FIELD_NAMES) {
    const declared = news[field];
    if (declared === undefined) {
      if (
        previouslyDeclared[field] !== undefined &&
        !fieldMatches(field, RESET_VALUE[field] ?? null, currentValue(field, survey, previouslyDeclared))
      )
        changed.push(field);
      continue;
    }
    if (!fieldMatches(field, declared, currentValue(field, survey, previouslyDeclared))) changed.push(field);
  }
  return changed;
}

/** Outputs (as stored in state) viewed as the server survey they were read from, for diffs without a request. */
export function surveyFromOutputs(outputs: Json): WireSurvey {
  const get = <T>(key: string) => outputs[key] as T;
  const wireFlag = (f: SurveyFlag | null | undefined) =>
    f ? { id: f.id, key: f.key, filters: f.filters } : null;
  return {
    id: get<string>("surveyId"),
    name: get<string>("name"),
    type: get<string>("type"),
    description: get<string>("description"),
    questions: (get<Json[]>("questions") ?? []) as WireSurvey["questions"],
    created_at: get<string>("createdAt"),
    start_date: get<string | null>("startDate") ?? null,
    end_date: get<string | null>("endDate") ?? null,
    archived: get<boolean>("archived") ?? false,
    schedule: get<string>("schedule"),
    linked_flag_id: get<number | null>("linkedFlagId") ?? null,
    linked_flag: wireFlag(get<SurveyFlag | null>("linkedFlag")),
    targeting_flag: wireFlag(get<SurveyFlag | null>("targetingFlag")),
    conditions: get<Json | null>("conditions") ?? null,
    appearance: get<Json | null>("appearance") ?? null,
    responses_limit: get<number | null>("responsesLimit") ?? null,
    iteration_count: get<number | null>("iterationCount") ?? null,
    iteration_frequency_days: get<number | null>("iterationFrequencyDays") ?? null,
    enable_partial_responses: get<boolean>("enablePartialResponses") ?? false,
  };
}
