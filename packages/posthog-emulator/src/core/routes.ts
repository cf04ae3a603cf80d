// The /api route table: path pattern -> method -> required scope and handler. Trailing slash optional.
import type { Handler, Params } from "./context";
import { methodNotAllowed } from "./errors";
import { createFlag, getFlag, listFlags } from "../feature-flags/flags";
import { bulkInvites, createInvite, deleteInvite, listInvites } from "../organization/invites";
import { deleteMember, listMembers, updateMember } from "../organization/members";
import { getMe, getOrganization, getProject, listProjects } from "../projects/projects";
import {
  createSurveyRoute,
  deleteSurveyRoute,
  getSurvey,
  launchSurvey,
  listSurveys,
  questionLabels,
  patchSurvey,
  stopSurvey,
} from "../surveys/surveys";
import {
  archivedResponseUuids,
  archiveResponse,
  responsesCount,
  unarchiveResponse,
} from "../surveys/responses";
import { createAction, listActions } from "../analytics/actions";
import { duplicateToProjects } from "../surveys/survey-duplicate";
import { createInsight, listInsights } from "../analytics/insights";

export interface RouteMethod {
  /** undefined: no APIScopePermission (invite create) */
  scope?: string;
  handler: Handler;
}

export interface Route {
  pattern: RegExp;
  /** Only the methods PostHog's viewset routes here; any other method has no DRF action. */
  methods: Partial<Record<string, RouteMethod>>;
  /** DRF's `view.detail`: one object (or an action on one), as opposed to the collection. */
  detail: boolean;
  /** Under a project (surveys, flags, ...): TeamMemberAccessPermission applies, unlike the project itself. */
  teamScoped: boolean;
}

/** A route as the table declares it: its path with `([^/]+)` for each named segment. */
export interface RouteEntry extends Route {
  path: string;
  names: string[];
}

const SEG = "([^/]+)";
const PROJ = `/api/(?:projects|environments)/${SEG}`;
const route = (path: string, names: string[], methods: Route["methods"]): RouteEntry => ({
  pattern: new RegExp(`^${path}/?$`),
  path,
  names,
  methods,
  // A path ending in a lookup, or an action under an object's id, is a detail route.
  detail: path.endsWith(SEG) || names.includes("id"),
  teamScoped: path.startsWith(`${PROJ}/`),
});
/** A method PostHog routes but the emulator does not model: scope-checked and counted, then 405. */
const notModelled: Handler = (ctx) => {
  throw methodNotAllowed(ctx.req.method);
};
const ORG = `/api/organizations/${SEG}`;

const ROUTES: readonly RouteEntry[] = [
  route(`/api/users/${SEG}`, ["user"], { GET: { scope: "user:read", handler: getMe } }),
  route(`/api/projects`, [], { GET: { scope: "project:read", handler: listProjects } }),
  route(`/api/projects/${SEG}`, ["project"], { GET: { scope: "project:read", handler: getProject } }),
  route(`${PROJ}/surveys`, ["project"], {
    GET: { scope: "survey:read", handler: listSurveys },
    POST: { scope: "survey:write", handler: createSurveyRoute },
  }),
  route(`${PROJ}/surveys/responses_count`, ["project"], {
    GET: { scope: "survey:read", handler: responsesCount },
  }),
  route(`${PROJ}/surveys/question_labels`, ["project"], {
    GET: { scope: "survey:read", handler: questionLabels },
  }),
  route(`${PROJ}/surveys/${SEG}`, ["project", "id"], {
    GET: { scope: "survey:read", handler: getSurvey },
    PATCH: { scope: "survey:write", handler: patchSurvey },
    PUT: { scope: "survey:write", handler: notModelled },
    DELETE: { scope: "survey:write", handler: deleteSurveyRoute },
  }),
  route(`${PROJ}/surveys/${SEG}/launch`, ["project", "id"], {
    POST: { scope: "survey:write", handler: launchSurvey },
  }),
  route(`${PROJ}/surveys/${SEG}/stop`, ["project", "id"], {
    POST: { scope: "survey:write", handler: stopSurvey },
  }),
  route(`${PROJ}/surveys/${SEG}/responses/${SEG}/archive`, ["project", "id", "uuid"], {
    POST: { scope: "survey:write", handler: archiveResponse },
  }),
  route(`${PROJ}/surveys/${SEG}/responses/${SEG}/unarchive`, ["project", "id", "uuid"], {
    POST: { scope: "survey:write", handler: unarchiveResponse },
  }),
  route(`${PROJ}/surveys/${SEG}/archived-response-uuids`, ["project", "id"], {
    GET: { scope: "survey:read", handler: archivedResponseUuids },
  }),
  route(`${PROJ}/surveys/${SEG}/duplicate_to_projects`, ["project", "id"], {
    POST: { scope: "survey:write", handler: duplicateToProjects },
  }),
  route(`${PROJ}/actions`, ["project"], {
    GET: { scope: "action:read", handler: listActions },
    POST: { scope: "action:write", handler: createAction },
  }),
  route(`${PROJ}/insights`, ["project"], {
    GET: { scope: "insight:read", handler: listInsights },
    POST: { scope: "insight:write", handler: createInsight },
  }),
  route(`${PROJ}/feature_flags`, ["project"], {
    GET: { scope: "feature_flag:read", handler: listFlags },
    POST: { scope: "feature_flag:write", handler: createFlag },
  }),
  route(`${PROJ}/feature_flags/${SEG}`, ["project", "id"], {
    GET: { scope: "feature_flag:read", handler: getFlag },
  }),
  route(ORG, ["org"], { GET: { scope: "organization:read", handler: getOrganization } }),
  route(`${ORG}/members`, ["org"], { GET: { scope: "organization_member:read", handler: listMembers } }),
  // No retrieve: OrganizationMemberViewSet has no RetrieveModelMixin.
  route(`${ORG}/members/${SEG}`, ["org", "id"], {
    PATCH: { scope: "organization_member:write", handler: updateMember },
    PUT: { scope: "organization_member:write", handler: updateMember },
    DELETE: { scope: "organization_member:write", handler: deleteMember },
  }),
  route(`${ORG}/invites`, ["org"], {
    GET: { scope: "organization_member:read", handler: listInvites },
    POST: { handler: createInvite },
  }),
  route(`${ORG}/invites/bulk`, ["org"], {
    POST: { scope: "organization_member:write", handler: bulkInvites },
  }),
  // Delete only: OrganizationInviteViewSet has no retrieve or update.
  route(`${ORG}/invites/${SEG}`, ["org", "id"], {
    DELETE: { scope: "organization_member:write", handler: deleteInvite },
  }),
];

/** Every /api route, for tests that hold a rule to all of them. */
export const API_ROUTES: readonly RouteEntry[] = ROUTES;

/**
 * The scope a method the route does not have needs, or undefined when a personal API key may not make it at
 * all. DRF gives such a request no action; PostHog's ScopeBasePermission._get_action (posthog/permissions.py)
 * names a PATCH on a collection "patch", a write, and _get_required_scopes finds no scope for anything else, so
 * APIScopePermission refuses the key before DRF could answer 405.
 */
export function unroutedScope(route: Route, method: string): string | undefined {
  if (method !== "PATCH" || route.detail) return undefined;
  const object = Object.values(route.methods)
    .map((m) => m?.scope?.split(":")[0])
    .find((o) => o !== undefined);
  return object === undefined ? undefined : `${object}:write`;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function matchApiRoute(path: string): { route: Route; params: Params } | undefined {
  for (const r of ROUTES) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    const params: Params = {};
    r.names.forEach((name, i) => (params[name] = decode(m[i + 1])));
    return { route: r, params };
  }
  return undefined;
}
