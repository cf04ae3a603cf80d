// Survey routes: list/create/retrieve/PATCH/DELETE, launch/stop and responses_count.
// PostHog: products/surveys/backend/api/survey.py, SurveyViewSet and SurveySerializer.
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
} from "../core/context";
import { actionShape } from "../analytics/actions";
import { assertFlagWriteScope } from "../feature-flags/flag-write-scope";
import { drfTime, toMs } from "../core/dates";
import { notFound, validationError } from "../core/errors";
import { isObject, pyTruthy } from "../core/json";
import { minimalFlag } from "../feature-flags/flags";
import { pagedList } from "../core/pagination";
import { represent, type Presenters } from "../core/serializer";
import type { UserRecord } from "../core/state";
import { SURVEY_FIELDS, type SurveyFieldTable, type SurveyRecord } from "./survey-fields";
import { createSurvey, deleteSurvey, updateSurvey } from "./survey-save";
import { checkSearchLength, normalizeSearch, searchItems, type MatchType } from "./survey-search";
import { validateSurveyWrite } from "./survey-validate";

function flagKey(core: Core, id: number | null): string | null {
  return id === null ? null : (core.store.flag(id)?.key ?? null);
}

/**
 * get_survey_conditions_with_actions: linked actions replace conditions.actions with full Action objects.
 * PostHog: survey.py, get_survey_conditions_with_actions
 */
function conditionsWithActions(core: Core, s: SurveyRecord): Record<string, unknown> | null {
  const actions = core.store.data.actions.filter((a) => s.action_ids.includes(a.id));
  if (actions.length === 0) return s.conditions;
  return { ...(s.conditions ?? {}), actions: { values: actions.map((a) => actionShape(core, a)) } };
}

interface Viewing {
  core: Core;
  viewer?: UserRecord;
}

const minimal = (core: Core, id: number | null) => minimalFlag(id === null ? undefined : core.store.flag(id));

/** The fields not shown as stored, in SurveySerializer's terms (its nested serializers and method fields). */
const PRESENTERS: Presenters<SurveyFieldTable, Viewing> = {
  linked_flag: (s, { core }) => minimal(core, s.linked_flag_id),
  targeting_flag: (s, { core }) => minimal(core, s.targeting_flag_id),
  internal_targeting_flag: (s, { core }) => minimal(core, s.internal_targeting_flag_id),
  conditions: (s, { core }) => conditionsWithActions(core, s),
  created_at: (s) => drfTime(s.created_at),
  created_by: (s, { core }) => userBasic(core.store.user(s.created_by)),
  feature_flag_keys: (s, { core }) => [
    { key: "linked_flag_key", value: flagKey(core, s.linked_flag_id) },
    { key: "targeting_flag_key", value: flagKey(core, s.targeting_flag_id) },
    { key: "internal_targeting_flag_key", value: flagKey(core, s.internal_targeting_flag_id) },
    {
      key: "internal_response_sampling_flag_key",
      value: flagKey(core, s.internal_response_sampling_flag_id),
    },
  ],
  // UserAccessControl.access_level_for_object (posthog/rbac/user_access_control.py): the object's creator and org
  // admins and owners get the highest level ("manager" for surveys); anyone else the default, "editor".
  user_access_level: (s, { core, viewer }) =>
    !viewer || s.created_by === viewer.id || (core.store.memberOf(viewer.id)?.level ?? 1) >= 8
      ? "manager"
      : "editor",
};

/** SurveySerializer (list/retrieve). Shapes share state objects: they are serialized at once, never kept. */
export function surveyReadShape(
  core: Core,
  s: SurveyRecord,
  viewer?: UserRecord,
  matchType?: MatchType,
): Record<string, unknown> {
  return {
    ...represent(SURVEY_FIELDS, s, "read", PRESENTERS, { core, viewer }),
    // SearchMatchTypeSerializerMixin: present only on a list filtered by `search`.
    ...(matchType ? { search_match_type: matchType } : {}),
  };
}

/** SurveySerializerCreateUpdateOnly: its write-only fields and the read serializer's extras left out. */
export function surveyWriteShape(core: Core, s: SurveyRecord): Record<string, unknown> {
  return represent(SURVEY_FIELDS, s, "write", PRESENTERS, { core });
}

export function teamSurveys(core: Core, teamId: number): SurveyRecord[] {
  return core.store.data.surveys.filter((s) => s.team_id === teamId).sort((a, b) => a.seq - b.seq);
}

/** Newest first (created_at, then creation order). PostHog: survey.py, SurveyViewSet.safely_get_queryset */
function newestFirst(surveys: SurveyRecord[]): SurveyRecord[] {
  return [...surveys].sort((a, b) => b.created_at - a.created_at || b.seq - a.seq);
}

export function findSurvey(ctx: Ctx, teamId: number, rawId: string): SurveyRecord {
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

/** SurveyFilterSet: `archived` and `type` as exact filters, `ids` as a comma-separated list of UUIDs. */
function applyFilters(ctx: Ctx, surveys: SurveyRecord[]): SurveyRecord[] {
  let out = surveys;
  const archived = boolParam(ctx.req.param("archived"));
  if (archived !== undefined) out = out.filter((s) => s.archived === archived);
  const type = ctx.req.param("type");
  if (type) out = out.filter((s) => s.type === type);
  const ids = ctx.req.param("ids");
  if (ids) {
    // Unknown ids are silently omitted.
    const wanted = new Set(ids.split(",").map((x) => canonicalUuid(x.trim())));
    out = out.filter((s) => wanted.has(s.id));
  }
  return out;
}

export function listSurveys(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const surveys = applyFilters(ctx, teamSurveys(ctx.core, project.id));
  const raw = ctx.req.param("search");
  let ranked: Array<[SurveyRecord, MatchType | undefined]> = newestFirst(surveys).map((s) => [s, undefined]);
  if (raw) {
    checkSearchLength(raw);
    const search = normalizeSearch(raw);
    if (search) ranked = searchItems(surveys, search);
  }
  return pagedList(ctx, ranked, ([s, match]) => surveyReadShape(ctx.core, s, ctx.principal.user, match));
}

export function createSurveyRoute(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const data = validateSurveyWrite(ctx, project.id, ctx.req.json());
  // SurveySerializerCreateUpdateOnly.create: attaching or creating a targeting flag.
  if (pyTruthy(data.targeting_flag_id) || pyTruthy(data.targeting_flag_filters)) {
    assertFlagWriteScope(ctx, "survey:write");
  }
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
  // SurveySerializerCreateUpdateOnly.update: re-pointing, removing or re-filtering the targeting flag.
  const removesFlag = pyTruthy(data.remove_targeting_flag) && survey.targeting_flag_id !== null;
  if (pyTruthy(data.targeting_flag_id) || removesFlag || pyTruthy(data.targeting_flag_filters)) {
    assertFlagWriteScope(ctx, "survey:write");
  }
  updateSurvey(ctx.core, survey, data, ctx.principal.user.id);
  return ok(surveyWriteShape(ctx.core, survey));
}

export function deleteSurveyRoute(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const survey = findSurvey(ctx, project.id, p.id);
  // SurveyViewSet.destroy: only the user-facing targeting flag is gated, not the internal one.
  if (survey.targeting_flag_id !== null) assertFlagWriteScope(ctx, "survey:write");
  deleteSurvey(ctx.core, survey);
  return noContent();
}

const readOnly = (ctx: Ctx, s: SurveyRecord) => ok(surveyReadShape(ctx.core, s, ctx.principal.user));

/**
 * POST …/launch/: start_date = now, unless already launched (a no-op). Archived surveys and ones whose
 * end_date has passed are refused. Only start_date is saved: the flags are not re-synced.
 * PostHog: survey.py, SurveyViewSet.launch
 */
export function launchSurvey(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const survey = findSurvey(ctx, project.id, p.id);
  const now = ctx.core.clock.nowMs();
  if (survey.archived)
    throw validationError("invalid", "Cannot launch an archived survey. Unarchive it first.");
  if (survey.end_date && toMs(survey.end_date) <= now) {
    throw validationError(
      "invalid",
      "Cannot launch a survey with end_date in the past. Extend the end_date first.",
    );
  }
  if (survey.start_date && toMs(survey.start_date) <= now) return readOnly(ctx, survey);
  survey.start_date = drfTime(now);
  return readOnly(ctx, survey);
}

/**
 * POST …/stop/: end_date = now, unless it already ended (a no-op). Archived surveys are refused.
 * PostHog: survey.py, SurveyViewSet.stop
 */
export function stopSurvey(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const survey = findSurvey(ctx, project.id, p.id);
  const now = ctx.core.clock.nowMs();
  if (survey.archived) {
    throw validationError("invalid", "Cannot stop an archived survey. Unarchive it first if needed.");
  }
  if (survey.end_date && toMs(survey.end_date) <= now) return readOnly(ctx, survey);
  survey.end_date = drfTime(now);
  return readOnly(ctx, survey);
}

/**
 * GET …/surveys/question_labels/: one label per question that has an id, across the project's surveys.
 * PostHog: survey.py, SurveyViewSet.question_labels
 */
export function questionLabels(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const labels = teamSurveys(ctx.core, project.id).flatMap((s) =>
    (Array.isArray(s.questions) ? s.questions : []).flatMap((q, index) =>
      isObject(q) && pyTruthy(q.id)
        ? [
            {
              question_id: q.id,
              question_text: pyTruthy(q.question) ? q.question : "",
              question_index: index,
              survey_id: s.id,
              survey_name: s.name,
            },
          ]
        : [],
    ),
  );
  return ok({ labels });
}
