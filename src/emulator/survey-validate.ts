// SurveySerializerCreateUpdateOnly validation: the field table's checks, then the object-level validate().
import type { Ctx } from "./context";
import { validationError } from "./errors";
import { expectObject } from "./fields";
import { isObject, pyTruthy, type Json } from "./json";
import { sanitizeSurveyTexts } from "./sanitize";
import { parseSurveyFields, type SurveyWrite } from "./survey-fields";
import type { SurveyRecord } from "./state";

const EXTERNAL_CONDITION_KEYS = [
  "url",
  "selector",
  "deviceTypes",
  "seenSurveyWaitPeriodInDays",
  "linkedFlagVariant",
] as const;

function checkExternalSurvey(data: SurveyWrite): void {
  const notAllowed = (what: string, attr: string) =>
    validationError("invalid", `${what} is not allowed for external surveys`, attr);
  if (data.linked_flag_id !== undefined && data.linked_flag_id !== null) {
    throw notAllowed("linked_flag_id", "linked_flag_id");
  }
  if (pyTruthy(data.targeting_flag_filters))
    throw notAllowed("targeting_flag_filters", "targeting_flag_filters");
  const cond = data.conditions;
  if (cond) {
    for (const key of EXTERNAL_CONDITION_KEYS) {
      if (pyTruthy(cond[key])) throw notAllowed(key, "conditions");
    }
    for (const key of ["actions", "events"] as const) {
      const group = cond[key];
      if (isObject(group) && pyTruthy(group.values)) throw notAllowed(key, "conditions");
    }
  }
  const delay = data.appearance?.surveyPopupDelaySeconds;
  if (delay !== undefined && delay !== null) throw notAllowed("surveyPopupDelaySeconds", "appearance");
}

function checkTargetingFilters(filters: Json | undefined): void {
  if (!pyTruthy(filters)) return;
  if (!isObject(filters)) {
    throw validationError("invalid", "Filters are not valid (can only be object)", "targeting_flag_filters");
  }
  const groups = Array.isArray(filters.groups) ? filters.groups : [];
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

function checkLinkedFlagVariant(ctx: Ctx, teamId: number, data: SurveyWrite, existing?: SurveyRecord): void {
  const variant = data.conditions?.linkedFlagVariant;
  if (!pyTruthy(variant) || variant === "any") return;
  const linkedId =
    data.linked_flag_id !== undefined ? data.linked_flag_id : (existing?.linked_flag_id ?? null);
  const flag = linkedId === null ? undefined : ctx.core.store.flag(linkedId);
  if (!flag || flag.team_id !== teamId) {
    throw validationError("invalid", "linkedFlagVariant can only be used when a linked_flag_id is specified");
  }
  const multivariate = flag.filters.multivariate;
  const variants =
    isObject(multivariate) && Array.isArray(multivariate.variants) ? multivariate.variants : [];
  const keys = variants.map((v) => (isObject(v) ? String(v.key) : "")).filter((k) => k !== "");
  if (!keys.includes(String(variant))) {
    throw validationError(
      "invalid",
      `Feature flag variant '${String(variant)}' does not exist. Available variants: ${keys.join(", ")}`,
    );
  }
}

function hasBranching(questions: Json | undefined): boolean {
  return Array.isArray(questions) && questions.some((q) => isObject(q) && pyTruthy(q.branching));
}

/** Object-level validate(): runs only when every field passed, reports non-field errors (attr null). */
function validateObject(ctx: Ctx, teamId: number, data: SurveyWrite, existing?: SurveyRecord): void {
  const { store } = ctx.core;
  const nameTaken = (name: string | undefined) =>
    store.data.surveys.some((s) => s.name === name && s.team_id === teamId && s.id !== existing?.id);
  if (!existing && nameTaken(data.name)) {
    throw validationError("unique", "There is already a survey with this name.");
  }
  if (existing && data.name !== undefined && nameTaken(data.name)) {
    throw validationError("unique", "There is already another survey with this name.");
  }
  const flagExists = (id: number) => store.flag(id)?.team_id === teamId;
  if (data.linked_flag_id !== undefined && data.linked_flag_id !== null && !flagExists(data.linked_flag_id)) {
    throw validationError("invalid", "Feature Flag with this ID does not exist");
  }
  if (
    data.targeting_flag_id !== undefined &&
    data.targeting_flag_id !== null &&
    !flagExists(data.targeting_flag_id)
  ) {
    throw validationError("invalid", "Targeting Feature Flag with this ID does not exist");
  }
  checkLinkedFlagVariant(ctx, teamId, data, existing);
  const appearance = data.appearance !== undefined ? data.appearance : existing?.appearance;
  const questions = data.questions !== undefined ? data.questions : existing?.questions;
  if (appearance?.shuffleQuestions === true && hasBranching(questions)) {
    throw validationError(
      "invalid",
      "Question shuffling and question branching cannot be used together. Please disable one of these features.",
    );
  }
  if ((data.type ?? existing?.type) === "external_survey") checkExternalSurvey(data);
  checkTargetingFilters(data.targeting_flag_filters);
  const current = existing?.current_iteration;
  if (
    existing &&
    data.iteration_count !== undefined &&
    data.iteration_count !== null &&
    current !== null &&
    current !== undefined &&
    data.iteration_count < current
  ) {
    throw validationError(
      "invalid",
      `Cannot change survey recurrence to ${data.iteration_count}, should be at least ${current}`,
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
  // PostHog sanitises survey texts while validating the fields (see sanitize/survey-texts.ts).
  const data = sanitizeSurveyTexts(parseSurveyFields(expectObject(body), existing !== undefined));
  validateObject(ctx, teamId, data, existing);
  return data;
}

export type { SurveyWrite };
