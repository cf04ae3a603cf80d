// Survey responses: the "survey sent" events the emulator records for each survey (PostHog keeps them in
// ClickHouse), and the archive rows that hide some of them.
// PostHog: products/surveys/backend/api/survey.py, SurveyViewSet (responses_count, archive_response,
// unarchive_response, archived_response_uuids); products/surveys/backend/models, SurveyResponseArchive.
import { randomUUID } from "node:crypto";
import { canonicalUuid, ok, resolveProject, type Ctx, type Params, type Result } from "../core/context";
import type { Store, SurveyRecord } from "../core/state";
import { findSurvey, teamSurveys } from "./surveys";

/** The survey's archived response uuids, in archiving order. */
function archivedOf(store: Store, s: SurveyRecord): string[] {
  return store.data.response_archives.filter((a) => a.survey_id === s.id).map((a) => a.response_uuid);
}

/** How many responses a survey has; archived ones are left out only when asked to. */
export function countResponses(store: Store, s: SurveyRecord, excludeArchived: boolean): number {
  const uuids = store.data.responses[s.id] ?? [];
  if (!excludeArchived) return uuids.length;
  const archived = new Set(archivedOf(store, s));
  return uuids.filter((u) => !archived.has(u)).length;
}

/**
 * Test control: `count` responses added (or, when negative, the newest removed); `archived`, when given,
 * archives exactly the oldest `archived` of them.
 */
export function recordResponses(
  store: Store,
  s: SurveyRecord,
  count: number,
  archived?: number,
): { id: string; count: number; archived: number } {
  const uuids = [...(store.data.responses[s.id] ?? [])];
  if (count > 0) uuids.push(...Array.from({ length: count }, () => randomUUID()));
  else uuids.splice(Math.max(0, uuids.length + count));
  store.data.responses[s.id] = uuids;
  const kept = new Set(uuids);
  let archives = store.data.response_archives.filter(
    (a) => a.survey_id !== s.id || kept.has(a.response_uuid),
  );
  if (archived !== undefined) {
    archives = archives.filter((a) => a.survey_id !== s.id);
    for (const uuid of uuids.slice(0, archived)) {
      archives.push({ team_id: s.team_id, survey_id: s.id, response_uuid: uuid });
    }
  }
  store.data.response_archives = archives;
  return { id: s.id, count: uuids.length, archived: archivedOf(store, s).length };
}

/** A plain DRF Response, not an exceptions_hog error: exactly {"detail": "Invalid UUID format"}. */
const invalidUuid = (): Result => ({ status: 400, body: { detail: "Invalid UUID format" } });

/** Both actions answer Response(status.HTTP_200_OK): the number 200 as the JSON body. */
const done = (): Result => ok(200);

/** POST …/responses/:uuid/archive: idempotent (get_or_create). */
export function archiveResponse(ctx: Ctx, p: Params): Result {
  const survey = findSurvey(ctx, resolveProject(ctx, p.project).id, p.id);
  const uuid = canonicalUuid(p.uuid);
  if (uuid === undefined) return invalidUuid();
  if (!archivedOf(ctx.core.store, survey).includes(uuid)) {
    ctx.core.store.data.response_archives.push({
      team_id: survey.team_id,
      survey_id: survey.id,
      response_uuid: uuid,
    });
  }
  return done();
}

/** POST …/responses/:uuid/unarchive: 200 whether or not it was archived. */
export function unarchiveResponse(ctx: Ctx, p: Params): Result {
  const survey = findSurvey(ctx, resolveProject(ctx, p.project).id, p.id);
  const uuid = canonicalUuid(p.uuid);
  if (uuid === undefined) return invalidUuid();
  const { data } = ctx.core.store;
  data.response_archives = data.response_archives.filter(
    (a) => a.survey_id !== survey.id || a.response_uuid !== uuid,
  );
  return done();
}

/** GET …/archived-response-uuids: this survey's archived response uuids. */
export function archivedResponseUuids(ctx: Ctx, p: Params): Result {
  const survey = findSurvey(ctx, resolveProject(ctx, p.project).id, p.id);
  return ok(archivedOf(ctx.core.store, survey));
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
  // Only "true" (any case) counts; exclude_archived drops archived responses, not archived surveys.
  const excludeArchived = (ctx.req.param("exclude_archived") ?? "false").toLowerCase() === "true";
  const counts: Record<string, number> = {};
  for (const s of surveys) {
    if (ids && !ids.has(s.id)) continue;
    const n = countResponses(ctx.core.store, s, excludeArchived);
    if (n > 0) counts[s.id] = n;
  }
  return ok(counts);
}
