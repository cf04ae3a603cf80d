// POST …/surveys/:id/duplicate_to_projects/: copies a survey into other projects of the organization,
// all or nothing. PostHog: products/surveys/backend/api/survey.py, SurveyViewSet.duplicate_to_projects
import { randomUUID } from "node:crypto";
import { canonicalUuid, created, resolveProject, type Ctx, type Params, type Result } from "../core/context";
import { validationError } from "../core/errors";
import { expectObject } from "../core/fields";
import { isObject, pyTruthy, type JsonObject } from "../core/json";
import { duplicatedValues } from "../core/serializer";
import { SURVEY_FIELDS, type SurveyRecord } from "./survey-fields";
import { surveyRow } from "./survey-save";
import { validateSurveyWrite } from "./survey-validate";

/** Conditions that only mean something in the source project are dropped. */
const PROJECT_SPECIFIC_CONDITIONS = ["linkedFlagVariant", "actions", "events"];

/** "YYYY-MM-DD HH:MM:SS" of the emulator clock (PostHog uses the server's local time; the emulator's is UTC). */
function stamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

/**
 * The create body PostHog builds from the source: a draft, without flags, ids or project-specific conditions.
 * The fields it copies as they are carry `duplicated` in the field table; the rest are rewritten here.
 */
function copyBody(source: SurveyRecord, when: string): Record<string, unknown> {
  let conditions: JsonObject | null = null;
  if (source.conditions) {
    conditions = { ...source.conditions };
    for (const key of PROJECT_SPECIFIC_CONDITIONS) delete conditions[key];
  }
  const questions = Array.isArray(source.questions) ? source.questions : [];
  return {
    ...duplicatedValues(SURVEY_FIELDS, source),
    name: `${source.name} (duplicated at ${when})`,
    questions: questions.map((q) => {
      if (!isObject(q)) return q;
      const copy = { ...q };
      delete copy.id;
      return copy;
    }),
    conditions,
    archived: false,
    start_date: null,
    end_date: null,
  };
}

export function duplicateToProjects(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const { store } = ctx.core;
  const id = canonicalUuid(p.id);
  const source = id === undefined ? undefined : store.survey(id);
  // PostHog answers a bare 404 here, with no body.
  if (!source || source.team_id !== project.id) return { status: 404 };
  const targets = expectObject(ctx.req.json()).target_team_ids;
  if (!pyTruthy(targets) || !Array.isArray(targets)) {
    throw validationError("invalid", "target_team_ids must be a non-empty list of team IDs");
  }
  // Only the organization's own projects are candidates: another organization's project id reads as not found.
  const teams = store.data.projects.filter((t) => targets.includes(t.id));
  if (teams.length !== targets.length) {
    throw validationError("invalid", "One or more target teams not found or you don't have access to them");
  }
  const when = stamp(ctx.core.clock.nowMs());
  // Validate every copy first, so one failure creates none (PostHog runs this in one transaction).
  const validated = teams.map((team) => ({
    team,
    data: validateSurveyWrite(ctx, team.id, copyBody(source, when)),
  }));
  const rows = validated.map(({ team, data }) => surveyRow(ctx.core, team.id, data, ctx.principal.user.id));
  // bulk_create skips save(), so only ensure_question_ids runs: every copied question gets a new id.
  for (const row of rows) {
    if (!Array.isArray(row.questions)) continue;
    row.questions = row.questions.map((q) =>
      isObject(q) && !pyTruthy(q.id) ? { ...q, id: randomUUID() } : q,
    );
  }
  store.data.surveys.push(...rows);
  return created({
    created_surveys: rows.map((s) => ({ team_id: s.team_id, survey_id: s.id, name: s.name })),
    count: rows.length,
  });
}
