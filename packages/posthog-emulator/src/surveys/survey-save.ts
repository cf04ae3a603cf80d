// Survey writes: the model's pre_save derivations and the flags a survey owns (docs/contributing/posthog-behaviour.md#survey-flags, #survey-lifecycle).
import { randomUUID } from "node:crypto";
import type { Core } from "../core/context";
import { drfTime, isoDate, toMs } from "../core/dates";
import { normalizeFlagFilters } from "../feature-flags/flag-filters";
import { insertFlag, surveyFlagKey } from "../feature-flags/flags";
import { isObject, pyTruthy, type JsonObject } from "../core/json";
import { assign, newRecord } from "../core/serializer";
import { SURVEY_FIELDS, type SurveyRecord, type SurveyWrite } from "./survey-fields";

const DAY_MS = 86_400_000;
const LAST_SEEN = "$last_seen_survey_date";

/**
 * PATCH quirk: a non-null iteration_count always brings iteration_frequency_days along, so leaving the
 * frequency out nulls it. PostHog: survey.py, SurveySerializerCreateUpdateOnly.update
 */
function applyIterationQuirk(s: SurveyRecord, data: SurveyWrite): void {
  if (data.iteration_count !== undefined && data.iteration_count !== null) {
    s.iteration_frequency_days = data.iteration_frequency_days ?? null;
  }
}

/**
 * _associate_actions runs on every save: links become the team's actions named by
 * conditions.actions.values[].id, and anything else (no conditions in the request, no values) clears them.
 */
function associateActions(core: Core, s: SurveyRecord, conditions: JsonObject | null | undefined): void {
  const group = conditions?.actions;
  const values = isObject(group) && Array.isArray(group.values) ? group.values : [];
  const wanted = new Set(values.map((v) => (isObject(v) ? v.id : undefined)));
  s.action_ids = core.store.data.actions
    .filter((a) => a.team_id === s.team_id && wanted.has(a.id))
    .map((a) => a.id);
}

/** _should_survey_flags_be_active */
function shouldFlagsBeActive(s: SurveyRecord): boolean {
  return Boolean(s.start_date) && !s.end_date && !s.archived;
}

/** pre_save: iteration_start_dates from a daily rrule when count, frequency and start_date are all set. */
function deriveIterations(s: SurveyRecord): void {
  const count = s.iteration_count ?? 0;
  const every = s.iteration_frequency_days ?? 0;
  if (count <= 0 || every <= 0) {
    s.iteration_start_dates = [];
    s.current_iteration = null;
    s.current_iteration_start_date = null;
    return;
  }
  if (!s.start_date) {
    s.iteration_start_dates = null;
    return;
  }
  const start = toMs(s.start_date);
  const dates = Array.from({ length: count }, (_, i) =>
    i === 0 ? s.start_date! : drfTime(start + i * every * DAY_MS),
  );
  s.iteration_start_dates = dates;
  s.current_iteration = s.current_iteration ?? 1;
  s.current_iteration_start_date = dates[s.current_iteration - 1] ?? dates[0];
}

/**
 * The last iteration's window (its start date plus the frequency, in whole days) is over before today (UTC).
 * PostHog: the Survey model's has_final_iteration_ended (as posthog/tasks/update_survey_iteration.py also reads it).
 */
function hasFinalIterationEnded(s: SurveyRecord, nowMs: number): boolean {
  const dates = s.iteration_start_dates;
  const every = s.iteration_frequency_days;
  if (!dates || dates.length === 0 || !every) return false;
  const lastStartDay = Date.parse(`${dates[dates.length - 1].slice(0, 10)}T00:00:00Z`);
  return isoDate(nowMs) > isoDate(lastStartDay + every * DAY_MS);
}

/**
 * Resuming (clearing end_date) a recurring survey whose whole schedule lies in the past restarts it from now at
 * its first iteration, so the periodic iteration task does not stop it again.
 * PostHog: products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly._reanchor_recurring_schedule_on_resume
 */
function reanchorOnResume(s: SurveyRecord, wasStopped: boolean, nowMs: number): void {
  if (!wasStopped || s.end_date !== null) return;
  if (!s.iteration_count || !s.iteration_frequency_days || !hasFinalIterationEnded(s, nowMs)) return;
  s.start_date = drfTime(nowMs);
  s.current_iteration = null;
  s.current_iteration_start_date = null;
  deriveIterations(s);
}

const INTERVAL_DAYS: Record<string, number> = { day: 1, week: 7, month: 30 };

/** pre_save stores response_sampling_daily_limits as a json.dumps string (Python separators). */
function deriveSamplingLimits(s: SurveyRecord): void {
  const start = s.response_sampling_start_date;
  const days =
    (s.response_sampling_interval ?? 0) * (INTERVAL_DAYS[s.response_sampling_interval_type ?? ""] ?? 0);
  const limit = s.response_sampling_limit ?? 0;
  if (!start || days <= 0 || limit <= 0) {
    s.response_sampling_daily_limits = null;
    return;
  }
  const perDay = Math.ceil(limit / days);
  const startMs = toMs(start);
  const entries = Array.from({ length: days }, (_, i) => {
    const cap = Math.min(limit, perDay * (i + 1));
    const pct = Math.round(((i + 1) / days) * 10000) / 100;
    return `{"date": "${isoDate(startMs + i * DAY_MS)}", "daily_response_limit": ${cap}, "rollout_percentage": ${pct}}`;
  });
  s.response_sampling_daily_limits = `[${entries.join(", ")}]`;
}

/**
 * The internal targeting flag hides the survey from people who dismissed or answered it (this iteration).
 * With a wait period it has two groups: never saw a survey, or last saw one more than N days ago.
 * PostHog: survey.py, SurveySerializerCreateUpdateOnly._add_user_survey_interacted_filters
 */
function internalFilters(s: SurveyRecord): JsonObject {
  const key = (s.iteration_count ?? 0) > 0 ? `${s.id}/${s.current_iteration ?? 1}` : s.id;
  const personProp = (k: string, value: string, operator: string) => ({
    key: k,
    value,
    operator,
    type: "person",
  });
  const base = [
    personProp(`$survey_dismissed/${key}`, "is_not_set", "is_not_set"),
    personProp(`$survey_responded/${key}`, "is_not_set", "is_not_set"),
  ];
  const group = (properties: JsonObject[]) => ({ variant: "", rollout_percentage: 100, properties });
  const wait = s.conditions?.seenSurveyWaitPeriodInDays;
  if (typeof wait === "number" && wait > 0) {
    return {
      groups: [
        group([...base, personProp(LAST_SEEN, "is_not_set", "is_not_set")]),
        group([...base, personProp(LAST_SEEN, `${Math.trunc(wait)}d`, "is_date_before")]),
      ],
    };
  }
  return { groups: [group(base)] };
}

function targetingFlagName(s: SurveyRecord): string {
  return `Targeting flag for survey ${s.name}`;
}

function newTargetingFlag(
  core: Core,
  s: SurveyRecord,
  filters: JsonObject,
  userId: number,
  active: boolean,
  suffix = "",
): number {
  const origin = { team_id: s.team_id, created_by: userId, creation_context: "surveys" };
  return insertFlag(core, origin, { key: surveyFlagKey(suffix), name: targetingFlagName(s), filters, active })
    .id;
}

function syncInternalFlag(core: Core, s: SurveyRecord, userId: number): void {
  const active = shouldFlagsBeActive(s);
  const flag =
    s.internal_targeting_flag_id === null ? undefined : core.store.flag(s.internal_targeting_flag_id);
  if (flag) {
    // New filters last, so iteration-unaware properties from before are replaced.
    flag.filters = normalizeFlagFilters({ ...flag.filters, ...internalFilters(s) });
    flag.active = active;
    return;
  }
  s.internal_targeting_flag_id = newTargetingFlag(core, s, internalFilters(s), userId, active, "-custom");
}

/**
 * A survey with response sampling limits gets a third, everyone-matching flag, created once.
 * PostHog: survey.py, SurveySerializerCreateUpdateOnly._add_internal_response_sampling_filters
 */
function ensureSamplingFlag(core: Core, s: SurveyRecord, userId: number): void {
  if (s.response_sampling_daily_limits === null || s.internal_response_sampling_flag_id !== null) return;
  const filters = { groups: [{ variant: "", rollout_percentage: 100, properties: [] }] };
  s.internal_response_sampling_flag_id = newTargetingFlag(
    core,
    s,
    filters,
    userId,
    Boolean(s.start_date),
    "-sampling",
  );
}

/**
 * The bare model row: defaults, then the request's stored fields. No flags, actions or pre_save
 * derivations, as a bulk_create writes it. PostHog: products/surveys/backend/models, Survey.
 */
export function surveyRow(core: Core, teamId: number, data: SurveyWrite, userId: number): SurveyRecord {
  const identity = {
    id: randomUUID(),
    team_id: teamId,
    seq: core.store.nextSeq(),
    created_at: core.clock.nowMs(),
    created_by: userId,
  };
  return newRecord(SURVEY_FIELDS, identity, data);
}

/** SurveySerializerCreateUpdateOnly.create: the row plus its flags, action links and derived fields. */
export function createSurvey(core: Core, teamId: number, data: SurveyWrite, userId: number): SurveyRecord {
  const s = surveyRow(core, teamId, data, userId);
  if (isObject(data.targeting_flag_filters) && pyTruthy(data.targeting_flag_filters)) {
    s.targeting_flag_id = newTargetingFlag(core, s, data.targeting_flag_filters, userId, false);
  }
  deriveIterations(s);
  deriveSamplingLimits(s);
  syncInternalFlag(core, s, userId);
  associateActions(core, s, data.conditions);
  ensureSamplingFlag(core, s, userId);
  core.store.data.surveys.push(s);
  return s;
}

export function updateSurvey(core: Core, s: SurveyRecord, data: SurveyWrite, userId: number): void {
  const { store } = core;
  if (data.remove_targeting_flag === true && s.targeting_flag_id !== null) {
    store.deleteFlag(s.targeting_flag_id);
  }
  const filters = data.targeting_flag_filters;
  let newFlagId: number | undefined;
  if (isObject(filters) && pyTruthy(filters)) {
    const existing = s.targeting_flag_id === null ? undefined : store.flag(s.targeting_flag_id);
    if (existing) {
      // {**existing, **new}: top-level keys such as `groups` are replaced wholesale.
      existing.filters = normalizeFlagFilters({ ...existing.filters, ...filters });
      existing.version += 1;
    } else {
      newFlagId = newTargetingFlag(core, s, filters, userId, Boolean(s.start_date));
    }
  }
  const wasStopped = s.end_date !== null;
  assign(SURVEY_FIELDS, s, data);
  applyIterationQuirk(s, data);
  if (newFlagId !== undefined) s.targeting_flag_id = newFlagId;
  deriveIterations(s);
  deriveSamplingLimits(s);
  reanchorOnResume(s, wasStopped, core.clock.nowMs());
  // PR #49117 behaviour: flag activity follows the saved survey after every PATCH.
  const targeting = s.targeting_flag_id === null ? undefined : store.flag(s.targeting_flag_id);
  if (targeting) targeting.active = shouldFlagsBeActive(s);
  syncInternalFlag(core, s, userId);
  associateActions(core, s, data.conditions);
  ensureSamplingFlag(core, s, userId);
}

/** Hard delete; the targeting and internal flags go with it, the linked flag stays. */
export function deleteSurvey(core: Core, s: SurveyRecord): void {
  const { store } = core;
  for (const id of [s.targeting_flag_id, s.internal_targeting_flag_id]) {
    if (id !== null) store.deleteFlag(id);
  }
  store.data.surveys = store.data.surveys.filter((x) => x.id !== s.id);
  delete store.data.responses[s.id];
}
