// SurveySerializerCreateUpdateOnly validation: the field table's checks, then the object-level validate().
// PostHog: products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly.validate
import type { Ctx } from "../core/context";
import { isoDate, toMs } from "../core/dates";
import { validationError } from "../core/errors";
import { expectObject } from "../core/fields";
import { isObject, pyTruthy, type Json, type JsonObject } from "../core/json";
import { sanitizeSurveyTexts } from "@pulumi-posthog/posthog-html";
import { parseSurveyFields, type SurveyWrite } from "./survey-fields";
import { normalizeLanguage } from "./survey-languages";
import { checkFlagFilters } from "../feature-flags/flag-filters";
import { checkCohortProperty } from "../analytics/cohorts";
import type { SurveyRecord } from "../core/state";

/** Condition keys an external (hosted) survey must leave unset; actions and events are checked by their values. */
const EXTERNAL_CONDITION_KEYS = [
  "url",
  "urlMatchType",
  "selector",
  "seenSurveyWaitPeriodInDays",
  "linkedFlagVariant",
  "deviceTypes",
  "deviceTypesMatchType",
];
const EXTERNAL_FIELDS = ["linked_flag_id", "targeting_flag_filters"] as const;

/** Only when the request itself says type external_survey; errors are keyed by field, the first one is reported. */
function checkExternalSurvey(data: SurveyWrite): void {
  const errors: Array<[string, string]> = [];
  for (const field of EXTERNAL_FIELDS) {
    if (data[field] !== undefined && data[field] !== null) {
      errors.push([field, `${field} is not allowed for external surveys`]);
    }
  }
  const cond = data.conditions;
  if (pyTruthy(cond) && cond) {
    const bad = EXTERNAL_CONDITION_KEYS.filter((k) => cond[k] !== undefined && cond[k] !== null);
    for (const key of ["actions", "events"]) {
      const group = cond[key];
      if (isObject(group) && pyTruthy(group.values)) bad.push(key);
    }
    if (bad.length > 0) {
      errors.push([
        "conditions",
        `The following condition fields are not allowed for external surveys: ${bad.join(", ")}`,
      ]);
    }
  }
  const delay = data.appearance?.surveyPopupDelaySeconds;
  if (delay !== undefined && delay !== null) {
    errors.push(["appearance", "surveyPopupDelaySeconds is not allowed for external surveys"]);
  }
  if (errors.length > 0) throw validationError("invalid", errors[0][1], errors[0][0]);
}

function checkFullRollout(filters: Json | undefined): void {
  if (!pyTruthy(filters)) return;
  const groups = isObject(filters) && Array.isArray(filters.groups) ? filters.groups : [];
  const everyone = groups.some((g) => {
    if (!isObject(g)) return false;
    const rollout = g.rollout_percentage;
    const props = Array.isArray(g.properties) ? g.properties : [];
    return (rollout === 100 || rollout === null || rollout === undefined) && props.length === 0;
  });
  if (everyone) {
    throw validationError(
      "invalid",
      "Invalid operation: User targeting rolls out to everyone. If you want to roll out to everyone, delete this targeting",
    );
  }
}

/** Python's str() of an aware UTC datetime, e.g. 2024-12-11 00:00:00+00:00 (microseconds only when set). */
function pyUtcString(canonical: string): string {
  return `${canonical.slice(0, -1).replace("T", " ")}+00:00`;
}

/**
 * Response sampling, on the fields sent: the start date is today (UTC) or later, the interval is above 0, and a
 * positive limit with a positive interval needs a start date. (PostHog compares a missing interval with 0 there
 * and fails with a server error; the emulator skips that comparison.)
 */
function checkResponseSampling(data: SurveyWrite, nowMs: number): void {
  const start = data.response_sampling_start_date;
  if (typeof start === "string") {
    const today = `${isoDate(nowMs)}T00:00:00Z`;
    if (toMs(start) < toMs(today)) {
      throw validationError(
        "invalid",
        `Response sampling start date must be today or a future date in UTC. Got ${pyUtcString(start)} when current time is ${pyUtcString(today)}`,
        "response_sampling_start_date",
      );
    }
  }
  const interval = data.response_sampling_interval;
  if (typeof interval === "number" && interval <= 0) {
    throw validationError(
      "invalid",
      "Response sampling interval must be greater than 0.",
      "response_sampling_interval",
    );
  }
  const limit = data.response_sampling_limit;
  if (
    typeof limit === "number" &&
    limit > 0 &&
    typeof interval === "number" &&
    interval > 0 &&
    start == null
  ) {
    throw validationError(
      "invalid",
      "Response sampling start date should be set if response_sampling_start_date is not zero.",
      "response_sampling_start_date",
    );
  }
}

/** The variant must exist on the flag linked in this same request ("any" always passes with one). */
function checkLinkedFlagVariant(data: SurveyWrite, linkedFlag: JsonObject | undefined): void {
  const variant = isObject(data.conditions) ? data.conditions.linkedFlagVariant : undefined;
  if (!pyTruthy(variant)) return;
  if (linkedFlag && variant !== "any") {
    const multivariate = linkedFlag.multivariate;
    const variants =
      isObject(multivariate) && Array.isArray(multivariate.variants) ? multivariate.variants : [];
    const keys = variants.map((v) => (isObject(v) ? String(v.key) : ""));
    if (!keys.includes(String(variant))) {
      throw validationError(
        "invalid",
        keys.length > 0
          ? `Feature flag variant '${String(variant)}' does not exist. Available variants: ${keys.join(", ")}`
          : `Feature flag variant '${String(variant)}' specified but the linked feature flag has no variants`,
      );
    }
  } else if (!linkedFlag && !pyTruthy(data.linked_flag_id)) {
    throw validationError("invalid", "linkedFlagVariant can only be used when a linked_flag_id is specified");
  }
}

function checkShuffleWithBranching(data: SurveyWrite, existing?: SurveyRecord): void {
  const appearance = { ...(existing?.appearance ?? {}), ...(data.appearance ?? {}) };
  const questions = data.questions ?? (existing ? existing.questions : []);
  if (!pyTruthy(appearance.shuffleQuestions) || !Array.isArray(questions)) return;
  if (questions.some((q) => isObject(q) && q.branching !== undefined && q.branching !== null)) {
    throw validationError(
      "invalid",
      "Question shuffling and question branching cannot be used together. Please disable one of these features.",
    );
  }
}

/** A PATCH that only changes base_language must not turn an existing translation key into the base. */
function checkBaseLanguageCollision(data: SurveyWrite, existing?: SurveyRecord): void {
  const base = data.base_language;
  if (!base || data.translations !== undefined || !existing || !isObject(existing.translations)) return;
  if (Object.keys(existing.translations).some((k) => normalizeLanguage(k) === normalizeLanguage(base))) {
    throw validationError(
      "invalid",
      `'${base}' already exists as a translation key on this survey. Remove the translation first, or pick a different base language.`,
      "base_language",
    );
  }
}

/** Object-level validate(): runs only when every field passed, in PostHog's order. */
function validateObject(ctx: Ctx, teamId: number, data: SurveyWrite, existing?: SurveyRecord): void {
  const { store } = ctx.core;
  const teamFlag = (id: number) => {
    const flag = store.flag(id);
    return flag?.team_id === teamId ? flag : undefined;
  };
  let linkedFlag: JsonObject | undefined;
  const linkedId = data.linked_flag_id;
  if (linkedId) {
    const flag = teamFlag(linkedId);
    if (!flag) throw validationError("invalid", "Feature Flag with this ID does not exist");
    linkedFlag = flag.filters;
  }
  const targetingId = data.targeting_flag_id;
  if (targetingId && !teamFlag(targetingId)) {
    throw validationError("invalid", "Targeting Feature Flag with this ID does not exist");
  }
  if (pyTruthy(data.linked_insight_id)) {
    const insight = store.data.insights.find((i) => i.id === data.linked_insight_id);
    if (!insight || insight.team_id !== teamId) {
      throw validationError("invalid", "Insight with this ID does not exist");
    }
  }
  checkLinkedFlagVariant(data, linkedFlag);
  const nameTaken = (name: string | undefined) =>
    store.data.surveys.some((s) => s.name === name && s.team_id === teamId && s.id !== existing?.id);
  if (!existing && nameTaken(data.name)) {
    throw validationError("unique", "There is already a survey with this name.");
  }
  if (existing && existing.name !== data.name && nameTaken(data.name)) {
    throw validationError("unique", "There is already another survey with this name.");
  }
  checkFullRollout(data.targeting_flag_filters);
  checkResponseSampling(data, ctx.core.clock.nowMs());
  checkShuffleWithBranching(data, existing);
  if (data.type === "external_survey") checkExternalSurvey(data);
  checkBaseLanguageCollision(data, existing);
  if (isObject(data.targeting_flag_filters) && pyTruthy(data.targeting_flag_filters)) {
    checkFlagFilters(data.targeting_flag_filters, (prop) => checkCohortProperty(store.data, teamId, prop));
  }
  // SurveySerializerCreateUpdateOnly.update: raised after validate(), only for a positive count.
  const current = existing?.current_iteration;
  const count = data.iteration_count;
  if (typeof current === "number" && typeof count === "number" && current > count && count > 0) {
    throw validationError(
      "invalid",
      `Cannot change survey recurrence to ${count}, should be at least ${current}`,
    );
  }
}

/** Full validation of a POST (existing undefined) or PATCH body; throws the first PostHog error. */
export function validateSurveyWrite(
  ctx: Ctx,
  teamId: number,
  body: unknown,
  existing?: SurveyRecord,
): SurveyWrite {
  // PostHog sanitises survey texts while validating the fields (see packages/posthog-html/src/survey-texts.ts).
  const data = sanitizeSurveyTexts(parseSurveyFields(expectObject(body), existing));
  validateObject(ctx, teamId, data, existing);
  return data;
}

export type { SurveyWrite };
