import { z } from "zod";
import { responsesCountSchema } from "./responses-count.wire";
import {
  surveySchema,
  surveyWriteResponseSchema,
  type SurveyWriteBody,
  type WireSurvey,
  type WireSurveyWriteResponse,
} from "./surveys.wire";
import type { Page } from "./paginate.wire";
import { seg } from "./base-url";
import { getPage, listAll } from "./paginate";
import type { Transport } from "./transport";

export type Id = string | number;

export interface SurveysApi {
  list(
    projectId: Id,
    q?: { limit?: number; offset?: number; search?: string; archived?: boolean },
  ): Promise<Page<WireSurvey>>;
  listAll(projectId: Id, q?: { search?: string; archived?: boolean }): Promise<WireSurvey[]>;
  get(projectId: Id, id: string): Promise<WireSurvey>;
  create(projectId: Id, body: SurveyWriteBody): Promise<WireSurveyWriteResponse>;
  update(projectId: Id, id: string, patch: SurveyWriteBody): Promise<WireSurveyWriteResponse>;
  delete(projectId: Id, id: string): Promise<void>;
  /** POST …/launch/: PostHog sets start_date to now (a no-op once launched). Older servers answer 404/405. */
  launch(projectId: Id, id: string): Promise<WireSurvey>;
  /** POST …/stop/: PostHog sets end_date to now (a no-op once stopped). Older servers answer 404/405. */
  stop(projectId: Id, id: string): Promise<WireSurvey>;
  findByName(projectId: Id, name: string): Promise<WireSurvey | undefined>;
  responsesCount(
    projectId: Id,
    q?: { surveyIds?: string[]; excludeArchived?: boolean },
  ): Promise<Record<string, number>>;
}

const PAGE_SIZE = 100;

// PostHog: posthog/helpers/trigram_search.py, MAX_SEARCH_LENGTH: a longer ?search= is refused with a 400.
const MAX_SEARCH_LENGTH = 200;

/** The longest start of `text` within the search limit, counted both in code points and in UTF-16 units. */
function searchPrefix(text: string): string {
  let prefix = "";
  for (const char of text) {
    if (prefix.length + char.length > MAX_SEARCH_LENGTH) break;
    prefix += char;
  }
  return prefix;
}

export function surveysApi(t: Transport): SurveysApi {
  const base = (projectId: Id) => `/api/projects/${seg(projectId)}/surveys/`;
  const one = (projectId: Id, id: string) => `${base(projectId)}${seg(id)}/`;
  return {
    list: (projectId, q = {}) => getPage(t, base(projectId), { ...q }, surveySchema),
    listAll: (projectId, q = {}) => listAll(t, base(projectId), { limit: PAGE_SIZE, ...q }, surveySchema),
    get: (projectId, id) => t.call({ method: "GET", path: one(projectId, id), schema: surveySchema }),
    create: (projectId, body) =>
      t.call({ method: "POST", path: base(projectId), body, schema: surveyWriteResponseSchema }),
    update: (projectId, id, patch) =>
      t.call({ method: "PATCH", path: one(projectId, id), body: patch, schema: surveyWriteResponseSchema }),
    async delete(projectId, id) {
      await t.call({ method: "DELETE", path: one(projectId, id), schema: z.unknown() });
    },
    launch: (projectId, id) =>
      t.call({ method: "POST", path: `${one(projectId, id)}launch/`, schema: surveySchema }),
    stop: (projectId, id) =>
      t.call({ method: "POST", path: `${one(projectId, id)}stop/`, schema: surveySchema }),
    async findByName(projectId, name) {
      // ?search= also matches descriptions and substrings; names are unique and case-sensitive. A name longer
      // than a search may be is looked up by its first characters: it contains them, so it is among the hits.
      const search = searchPrefix(name);
      const hits = await listAll(t, base(projectId), { limit: PAGE_SIZE, search }, surveySchema);
      return hits.find((s) => s.name === name);
    },
    responsesCount: (projectId, q = {}) =>
      t.call({
        method: "GET",
        path: `${base(projectId)}responses_count/`,
        query: {
          survey_ids: q.surveyIds && q.surveyIds.length > 0 ? q.surveyIds.join(",") : undefined,
          exclude_archived: q.excludeArchived === undefined ? undefined : q.excludeArchived,
        },
        schema: responsesCountSchema,
      }),
  };
}
