// Survey routes: list/create/retrieve/PATCH/DELETE and responses_count (docs/posthog-behaviour.md#survey-responses, #responses-count).
import {
  canonicalUuid,
  created,
  noContent,
  ok,
  resolveProject,
  userBasic,
  type Core,
  type Ctx,
  type Params,
  type Result,
} from "./context";
import { drfTime } from "./dates";
import { notFound } from "./errors";
import { minimalFlag } from "./flags";
import { paginate } from "./pagination";
import type { SurveyRecord, UserRecord } from "./state";
import { createSurvey, deleteSurvey, updateSurvey } from "./survey-save";
import { validateSurveyWrite } from "./survey-validate";

function flagKey(core: Core, id: number | null): string | null {
  return id === null ? null : (core.store.flag(id)?.key ?? null);
}

/** SurveySerializer (list/retrieve). Shapes share state objects: they are serialized at once, never kept. */
export function surveyReadShape(core: Core, s: SurveyRecord, viewer?: UserRecord): Record<string, unknown> {
  const { store } = core;
  const flag = (id: number | null) => minimalFlag(id === null ? undefined : store.flag(id));
  const level = viewer ? (store.memberOf(viewer.id)?.level ?? 1) : 15;
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    type: s.type,
    schedule: s.schedule,
    linked_flag: flag(s.linked_flag_id),
    linked_flag_id: s.linked_flag_id,
    linked_insight_id: s.linked_insight_id,
    targeting_flag: flag(s.targeting_flag_id),
    internal_targeting_flag: flag(s.internal_targeting_flag_id),
    questions: s.questions,
    conditions: s.conditions,
    appearance: s.appearance,
    created_at: drfTime(s.created_at),
    created_by: userBasic(store.user(s.created_by)),
    start_date: s.start_date,
    end_date: s.end_date,
    archived: s.archived,
    responses_limit: s.responses_limit,
    feature_flag_keys: [
      { key: "linked_flag_key", value: flagKey(core, s.linked_flag_id) },
      { key: "targeting_flag_key", value: flagKey(core, s.targeting_flag_id) },
      { key: "internal_targeting_flag_key", value: flagKey(core, s.internal_targeting_flag_id) },
      { key: "internal_response_sampling_flag_key", value: null },
    ],
    iteration_count: s.iteration_count,
    iteration_frequency_days: s.iteration_frequency_days,
    iteration_start_dates: s.iteration_start_dates,
    current_iteration: s.current_iteration,
    current_iteration_start_date: s.current_iteration_start_date,
    response_sampling_start_date: s.response_sampling_start_date,
    response_sampling_interval_type: s.response_sampling_interval_type,
    response_sampling_interval: s.response_sampling_interval,
    response_sampling_limit: s.response_sampling_limit,
    response_sampling_daily_limits: s.response_sampling_daily_limits,
    enable_partial_responses: s.enable_partial_responses,
    enable_iframe_embedding: s.enable_iframe_embedding,
    translations: s.translations,
    form_content: s.form_content,
    // Org admins and owners get "manager" on every resource; plain members "editor".
    user_access_level: level >= 8 ? "manager" : "editor",
  };
}

/** SurveySerializerCreateUpdateOnly: no feature_flag_keys, user_access_level or write-only ids. */
export function surveyWriteShape(core: Core, s: SurveyRecord): Record<string, unknown> {
  const shape = surveyReadShape(core, s);
  for (const key of ["linked_flag_id", "linked_insight_id", "feature_flag_keys", "user_access_level"]) {
    delete shape[key];
  }
  return shape;
}

function teamSurveys(core: Core, teamId: number): SurveyRecord[] {
  return core.store.data.surveys.filter((s) => s.team_id === teamId).sort((a, b) => a.seq - b.seq);
}

function findSurvey(ctx: Ctx, teamId: number, rawId: string): SurveyRecord {
  const id = canonicalUuid(rawId);
  const survey = id === undefined ? undefined : ctx.core.store.survey(id);
  if (!survey || survey.team_id !== teamId) throw notFound();
  return survey;
}

/** django-filter's BooleanFilter values; anything else does not filter. */
function boolParam(raw: string | undefined): boolean | undefined {
  if (raw === "true" || raw === "True") return true;
  if (raw === "false" || raw === "False") return false;
  return undefined;
}

export function listSurveys(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  let surveys = teamSurveys(ctx.core, project.id);
  const search = ctx.req.param("search")?.toLowerCase();
  if (search) {
    surveys = surveys.filter(
      (s) => s.name.toLowerCase().includes(search) || s.description.toLowerCase().includes(search),
    );
  }
  const archived = boolParam(ctx.req.param("archived"));
  if (archived !== undefined) surveys = surveys.filter((s) => s.archived === archived);
  const page = paginate(surveys, ctx.req, ctx.hostFallback);
  return ok({ ...page, results: page.results.map((s) => surveyReadShape(ctx.core, s, ctx.principal.user)) });
}

export function createSurveyRoute(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const data = validateSurveyWrite(ctx, project.id, ctx.req.json());
  const survey = createSurvey(ctx.core, project.id, data, ctx.principal.user.id);
  return created(surveyWriteShape(ctx.core, survey));
}

export function getSurvey(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  return ok(surveyReadShape(ctx.core, findSurvey(ctx, project.id, p.id), ctx.principal.user));
}

export function patchSurvey(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const survey = findSurvey(ctx, project.id, p.id);
  const data = validateSurveyWrite(ctx, project.id, ctx.req.json(), survey);
  updateSurvey(ctx.core, survey, data, ctx.principal.user.id);
  return ok(surveyWriteShape(ctx.core, survey));
}

export function deleteSurveyRoute(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  deleteSurvey(ctx.core, findSurvey(ctx, project.id, p.id));
  return noContent();
}

/** A flat {survey_id: count} map; zero counts are absent; {} when no survey has a start_date. */
export function responsesCount(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const surveys = teamSurveys(ctx.core, project.id);
  if (!surveys.some((s) => s.start_date)) return ok({});
  const idsParam = ctx.req.param("survey_ids");
  const ids = idsParam
    ? new Set(
        idsParam
          .split(",")
          .map((x) => x.trim().toLowerCase())
          .filter(Boolean),
      )
    : undefined;
  const excludeArchived = ["true", "1"].includes((ctx.req.param("exclude_archived") ?? "").toLowerCase());
  const counts: Record<string, number> = {};
  for (const s of surveys) {
    if (ids && !ids.has(s.id)) continue;
    if (excludeArchived && s.archived) continue;
    const n = ctx.core.store.data.responses[s.id] ?? 0;
    if (n > 0) counts[s.id] = n;
  }
  return ok(counts);
}
