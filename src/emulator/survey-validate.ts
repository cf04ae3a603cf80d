// SurveySerializerCreateUpdateOnly validation (docs/posthog-behaviour.md#survey-validation): field checks in serializer order, then validate().
import { randomUUID } from "node:crypto";
import type { Ctx } from "./context";
import { validationError } from "./errors";
import {
  boolField,
  charField,
  choiceField,
  Collector,
  dateTimeField,
  expectObject,
  fieldError,
  intField,
  isEmail,
} from "./fields";
import { clone, has, isObject, pyTruthy, type Json, type JsonObject } from "./json";
import type { SurveyRecord } from "./state";

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

/** The validated request: a key is present only when the request carried it. */
export interface SurveyWrite {
  name?: string;
  description?: string;
  type?: string;
  schedule?: string | null;
  linked_flag_id?: number | null;
  linked_insight_id?: number | null;
  targeting_flag_id?: number | null;
  targeting_flag_filters?: Json;
  remove_targeting_flag?: boolean | null;
  questions?: Json[] | null;
  conditions?: JsonObject | null;
  appearance?: JsonObject | null;
  start_date?: string | null;
  end_date?: string | null;
  archived?: boolean;
  responses_limit?: number | null;
  iteration_count?: number | null;
  iteration_frequency_days?: number | null;
  response_sampling_start_date?: string | null;
  response_sampling_interval_type?: string | null;
  response_sampling_interval?: number | null;
  response_sampling_limit?: number | null;
  enable_partial_responses?: boolean | null;
  enable_iframe_embedding?: boolean | null;
  translations?: Json;
  form_content?: Json;
}

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
const anyJson = (v: unknown) => clone(v as Json);

/** Field-level pass, in SurveySerializerCreateUpdateOnly's field order. */
function parseFields(body: JsonObject, partial: boolean): SurveyWrite {
  const c = new Collector(body, partial);
  const out: SurveyWrite = {};
  const set = <K extends keyof SurveyWrite>(key: K, value: SurveyWrite[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set(
    "name",
    c.field("name", (v) => charField(v, { maxLength: 400 }) as string, { required: true }),
  );
  set(
    "description",
    c.field("description", (v) => charField(v, { allowBlank: true }) as string),
  );
  set(
    "type",
    c.field("type", (v) => choiceField(v, SURVEY_TYPES) as string, { required: true }),
  );
  set("schedule", c.field("schedule", validateSchedule));
  set("linked_flag_id", c.field("linked_flag_id", nullableInt()));
  set("linked_insight_id", c.field("linked_insight_id", nullableInt()));
  set("targeting_flag_id", c.field("targeting_flag_id", nullableInt()));
  set("targeting_flag_filters", c.field("targeting_flag_filters", anyJson));
  set(
    "remove_targeting_flag",
    c.field("remove_targeting_flag", (v) => boolField(v, true)),
  );
  set("questions", c.field("questions", validateQuestions));
  set("conditions", c.field("conditions", validateConditions));
  set("appearance", c.field("appearance", validateAppearance));
  set(
    "start_date",
    c.field("start_date", (v) => dateTimeField(v)),
  );
  set(
    "end_date",
    c.field("end_date", (v) => dateTimeField(v)),
  );
  set(
    "archived",
    c.field("archived", (v) => boolField(v) as boolean),
  );
  set("responses_limit", c.field("responses_limit", nullableInt(0)));
  set("iteration_count", c.field("iteration_count", nullableInt(0, MAX_ITERATION_COUNT)));
  set("iteration_frequency_days", c.field("iteration_frequency_days", nullableInt(0)));
  set(
    "response_sampling_start_date",
    c.field("response_sampling_start_date", (v) => dateTimeField(v)),
  );
  set(
    "response_sampling_interval_type",
    c.field("response_sampling_interval_type", (v) =>
      choiceField(v, SAMPLING_INTERVALS, { allowNull: true, allowBlank: true }),
    ),
  );
  set("response_sampling_interval", c.field("response_sampling_interval", nullableInt(0)));
  set("response_sampling_limit", c.field("response_sampling_limit", nullableInt(0)));
  set(
    "enable_partial_responses",
    c.field("enable_partial_responses", (v) => boolField(v, true)),
  );
  set(
    "enable_iframe_embedding",
    c.field("enable_iframe_embedding", (v) => boolField(v, true)),
  );
  set("translations", c.field("translations", anyJson));
  set("form_content", c.field("form_content", anyJson));
  c.throwIfAny();
  return out;
}

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
  const data = parseFields(expectObject(body), existing !== undefined);
  validateObject(ctx, teamId, data, existing);
  return data;
}
