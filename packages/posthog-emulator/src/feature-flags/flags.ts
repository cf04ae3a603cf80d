// Feature flags: the ones surveys link to, plus GET/POST /feature_flags/ so tests can make linkable flags.
import { randomBytes } from "node:crypto";
import {
  created,
  ok,
  resolveProject,
  userBasic,
  type Core,
  type Ctx,
  type Params,
  type Result,
} from "../core/context";
import { drfTime } from "../core/dates";
import { notFound, validationError } from "../core/errors";
import { Collector, expectObject } from "../core/fields";
import { newRecord, parseFields } from "../core/serializer";
import { normalizeFlagFilters } from "./flag-filters";
import { pagedList } from "../core/pagination";
import { FLAG_FIELDS, type FlagOrigin, type FlagRecord, type FlagWrite } from "./flag-fields";

/** The flags surveys create for themselves (targeting, internal, sampling) all share this key prefix. */
const SURVEY_FLAG_PREFIX = "survey-targeting-";

/**
 * MinimalFeatureFlagSerializer, the shape nested in surveys (exactly these keys).
 * PostHog: products/surveys/backend/api/test/test_survey.py, test_can_list_surveys
 */
export function minimalFlag(flag: FlagRecord | undefined): Record<string, unknown> | null {
  if (!flag) return null;
  return {
    id: flag.id,
    team_id: flag.team_id,
    name: flag.name,
    key: flag.key,
    filters: flag.filters,
    deleted: false,
    active: flag.active,
    ensure_experience_continuity: flag.ensure_experience_continuity,
    version: flag.version,
    evaluation_runtime: "all",
    evaluation_contexts: [],
    bucketing_identifier: "distinct_id",
  };
}

/** The surveys that link a flag (Survey.linked_flag's reverse relation), as the flag list shows them. */
function linkedSurveys(core: Core, flag: FlagRecord): Array<Record<string, unknown>> {
  return core.store.data.surveys
    .filter((s) => s.linked_flag_id === flag.id)
    .sort((a, b) => a.seq - b.seq)
    .map((s) => ({
      id: s.id,
      name: s.name,
      start_date: s.start_date,
      end_date: s.end_date,
      archived: s.archived,
    }));
}

export function fullFlag(core: Core, flag: FlagRecord): Record<string, unknown> {
  return {
    ...minimalFlag(flag),
    has_encrypted_payloads: false,
    evaluation_tags: [],
    creation_context: flag.creation_context,
    created_at: drfTime(flag.created_at),
    created_by: userBasic(core.store.user(flag.created_by)),
    surveys: linkedSurveys(core, flag),
  };
}

/** A new flag: the table's defaults under the write, its filters normalised as the model's save does. */
export function insertFlag(core: Core, origin: FlagOrigin, write: FlagWrite): FlagRecord {
  const identity = { ...origin, id: core.store.nextFlagId(), created_at: core.clock.nowMs() };
  const flag = newRecord(FLAG_FIELDS, identity, write);
  flag.filters = normalizeFlagFilters(flag.filters);
  core.store.data.flags.push(flag);
  return flag;
}

/** slugify("survey-targeting-" + 10 random hex chars), as the survey serializer builds it. */
export function surveyFlagKey(suffix = ""): string {
  return `${SURVEY_FLAG_PREFIX}${randomBytes(5).toString("hex")}${suffix}`;
}

function teamFlags(core: Core, teamId: number): FlagRecord[] {
  return core.store.data.flags.filter((f) => f.team_id === teamId);
}

/**
 * The flag list hides survey-owned flags; a direct GET still finds them.
 * PostHog: products/feature_flags/backend/api/feature_flag.py, FeatureFlagViewSet list filtering
 * (test_survey.py, test_used_in_survey_is_populated_correctly_for_feature_flag_list).
 */
export function listFlags(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const flags = teamFlags(ctx.core, project.id)
    .filter((f) => !f.key.startsWith(SURVEY_FLAG_PREFIX))
    .sort((a, b) => b.id - a.id);
  return pagedList(ctx, flags, (f) => fullFlag(ctx.core, f));
}

export function getFlag(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const flag = /^\d+$/.test(p.id) ? ctx.core.store.flag(Number(p.id)) : undefined;
  if (!flag || flag.team_id !== project.id) throw notFound();
  return ok(fullFlag(ctx.core, flag));
}

export function createFlag(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const c = new Collector(expectObject(ctx.req.json()), false);
  const write = parseFields(FLAG_FIELDS, c, undefined, true);
  c.throwIfAny();
  const { key } = write;
  if (key === undefined) throw validationError("required", "This field is required.", "key");
  if (teamFlags(ctx.core, project.id).some((f) => f.key === key)) {
    throw validationError("unique", "There is already a feature flag with this key.", "key");
  }
  const origin = {
    team_id: project.id,
    created_by: ctx.principal.user.id,
    creation_context: "feature_flags",
  };
  return created(fullFlag(ctx.core, insertFlag(ctx.core, origin, write)));
}
