// Survey writes: the model's pre_save derivations and the flags a survey owns (docs/posthog-behaviour.md#survey-flags, #survey-lifecycle).
import { randomUUID } from "node:crypto";
import type { Core } from "./context";
import { drfTime, isoDate, toMs } from "./dates";
import { insertFlag, surveyFlagKey } from "./flags";
import { isObject, pyTruthy, type JsonObject } from "./json";
import type { SurveyRecord } from "./state";
import type { SurveyWrite } from "./survey-validate";

const DAY_MS = 86_400_000;

/** Plain model fields copied from the request as they are. */
const PLAIN_FIELDS = [
  "name",
  "description",
  "type",
  "schedule",
  "linked_flag_id",
  "linked_insight_id",
  "targeting_flag_id",
  "questions",
  "conditions",
  "appearance",
  "start_date",
  "end_date",
  "archived",
  "responses_limit",
  "iteration_count",
  "iteration_frequency_days",
  "response_sampling_start_date",
  "response_sampling_interval_type",
  "response_sampling_interval",
  "response_sampling_limit",
  "enable_partial_responses",
  "enable_iframe_embedding",
  "translations",
  "form_content",
] as const;

function applyPlain(s: SurveyRecord, data: SurveyWrite): void {
  const target = s as unknown as Record<string, unknown>;
  for (const key of PLAIN_FIELDS) {
    if (data[key] !== undefined) target[key] = data[key];
  }
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

/** The internal targeting flag hides the survey from people who dismissed or answered it (this iteration). */
function internalFilters(s: SurveyRecord): JsonObject {
  const suffix = (s.iteration_count ?? 0) > 0 && s.current_iteration ? `/${s.current_iteration}` : "";
  const notSet = (key: string) => ({ key, type: "person", value: "is_not_set", operator: "is_not_set" });
  const groups: JsonObject[] = [
    {
      variant: "",
      rollout_percentage: 100,
      properties: [
        notSet(`$survey_dismissed/${s.id}${suffix}`),
        notSet(`$survey_responded/${s.id}${suffix}`),
      ],
    },
  ];
  const wait = s.conditions?.seenSurveyWaitPeriodInDays;
  if (typeof wait === "number" && wait > 0) {
    groups.push({
      variant: "",
      rollout_percentage: 100,
      properties: [
        { key: "$survey_last_seen_date", type: "person", value: `-${wait}d`, operator: "is_date_before" },
      ],
    });
  }
  return { groups };
}

function targetingFlagName(s: SurveyRecord): string {
  return `Targeting flag for survey ${s.name}`;
}

function newTargetingFlag(core: Core, s: SurveyRecord, filters: JsonObject, userId: number): number {
  return insertFlag(core, {
    teamId: s.team_id,
    key: surveyFlagKey(),
    name: targetingFlagName(s),
    filters,
    active: false,
    createdBy: userId,
    creationContext: "surveys",
  }).id;
}

function syncInternalFlag(core: Core, s: SurveyRecord, userId: number, active: boolean): void {
  const flag =
    s.internal_targeting_flag_id === null ? undefined : core.store.flag(s.internal_targeting_flag_id);
  if (flag) {
    flag.filters = internalFilters(s);
    return;
  }
  s.internal_targeting_flag_id = insertFlag(core, {
    teamId: s.team_id,
    key: surveyFlagKey("-custom"),
    name: targetingFlagName(s),
    filters: internalFilters(s),
    active,
    createdBy: userId,
    creationContext: "surveys",
  }).id;
}

export function createSurvey(core: Core, teamId: number, data: SurveyWrite, userId: number): SurveyRecord {
  const s: SurveyRecord = {
    id: randomUUID(),
    team_id: teamId,
    seq: core.store.nextSeq(),
    name: "",
    description: "",
    type: "popover",
    schedule: "once",
    linked_flag_id: null,
    targeting_flag_id: null,
    internal_targeting_flag_id: null,
    linked_insight_id: null,
    questions: null,
    conditions: null,
    appearance: null,
    created_at: core.clock.nowMs(),
    created_by: userId,
    start_date: null,
    end_date: null,
    archived: false,
    responses_limit: null,
    iteration_count: null,
    iteration_frequency_days: null,
    iteration_start_dates: [],
    current_iteration: null,
    current_iteration_start_date: null,
    response_sampling_start_date: null,
    response_sampling_interval_type: "week",
    response_sampling_interval: null,
    response_sampling_limit: null,
    response_sampling_daily_limits: null,
    enable_partial_responses: false,
    enable_iframe_embedding: true,
    translations: null,
    form_content: null,
  };
  applyPlain(s, data);
  if (isObject(data.targeting_flag_filters) && pyTruthy(data.targeting_flag_filters)) {
    s.targeting_flag_id = newTargetingFlag(core, s, data.targeting_flag_filters, userId);
  }
  deriveIterations(s);
  deriveSamplingLimits(s);
  // Code-derived: on POST the internal flag is active only when the POST already carries a start_date.
  syncInternalFlag(core, s, userId, Boolean(s.start_date));
  core.store.data.surveys.push(s);
  return s;
}

export function updateSurvey(core: Core, s: SurveyRecord, data: SurveyWrite, userId: number): void {
  const { store } = core;
  applyPlain(s, data);
  if (data.remove_targeting_flag === true && s.targeting_flag_id !== null)
    store.deleteFlag(s.targeting_flag_id);
  const filters = data.targeting_flag_filters;
  if (isObject(filters) && pyTruthy(filters)) {
    const existing = s.targeting_flag_id === null ? undefined : store.flag(s.targeting_flag_id);
    if (existing) {
      // {**existing, **new}: top-level keys such as `groups` are replaced wholesale.
      existing.filters = { ...existing.filters, ...filters };
      existing.version += 1;
    } else {
      s.targeting_flag_id = newTargetingFlag(core, s, filters, userId);
    }
  }
  deriveIterations(s);
  deriveSamplingLimits(s);
  syncInternalFlag(core, s, userId, false);
  // PR #49117 behaviour: flag activity follows the saved survey after every PATCH.
  const active = Boolean(s.start_date) && !s.end_date && !s.archived;
  for (const id of [s.targeting_flag_id, s.internal_targeting_flag_id]) {
    const flag = id === null ? undefined : store.flag(id);
    if (flag) flag.active = active;
  }
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
