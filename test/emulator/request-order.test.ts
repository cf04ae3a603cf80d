// DRF's order, held to every route of the emulator's table: authentication, then PostHog's permissions
// (APIScopePermission, then organization or project membership), then the throttles, and only then the handler
// or 405 (rest_framework/views.py, APIView.initial: perform_authentication, check_permissions, check_throttles;
// posthog/api/routing.py, TeamAndOrgViewSetMixin.get_permissions). A refusal before the throttles does not count
// toward the rate window; anything that passes the permissions does, whatever the handler would answer.
import { API_ROUTES, unroutedScope, type RouteEntry } from "../../packages/posthog-emulator/src/core/routes";
import { errorBody, noKeyAccess, startHarness, type Harness } from "./helpers";

let h: Harness;
let foreign: { id: string; project_id: number };
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.reset();
  foreign = (await h.control("POST", "/organizations")).body;
  // One request a minute per key: the second request of a key shows whether the first one was counted.
  await h.control("POST", "/rate-limit", { windows: [{ limit: 1, windowMs: 60_000 }] });
});

const METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE"] as const;
const UNKNOWN_ORG = "00000000-0000-4000-8000-00000000dead";
const SOME_UUID = "00000000-0000-4000-8000-000000000001";

interface Place {
  org?: string;
  project?: string;
}

/** A concrete path for the route: each named segment filled in, the project or organization as given. */
function pathOf(route: RouteEntry, place: Place = {}): string {
  const values: Record<string, string> = {
    project: place.project ?? String(h.em.projectId),
    org: place.org ?? h.em.organizationId,
    id: SOME_UUID,
    uuid: SOME_UUID,
    user: "@me",
  };
  let i = 0;
  const path = route.path
    .replace("(?:projects|environments)", "projects")
    .replace(/\(\[\^\/\]\+\)/g, () => values[route.names[i++]]);
  return `${path}/`;
}

/** The route's path as people write it: /api/projects/:project/surveys/:id. */
function templateOf(route: RouteEntry): string {
  let i = 0;
  return route.path
    .replace("(?:projects|environments)", "projects")
    .replace(/\(\[\^\/\]\+\)/g, () => `:${route.names[i++]}`);
}

async function freshKey(scopes: string[]): Promise<string> {
  return (await h.control("POST", "/keys", { scopes })).body.key;
}

/** A request the key may make, to see whether its one request of the minute is still free. */
const filler = (key: string, scopes: string[]) =>
  scopes.includes("user:read")
    ? h.api("GET", "/api/users/@me/", undefined, { key })
    : h.api("GET", `/api/projects/${h.em.projectId}/surveys/`, undefined, { key });

/** The request is refused before the throttles: the key's one request of the minute is still there after it. */
async function refusedBeforeThrottles(method: string, path: string, scopes: string[]) {
  const key = await freshKey(scopes);
  const reply = await h.api(method, path, method === "GET" || method === "DELETE" ? undefined : {}, { key });
  const after = await filler(key, scopes);
  return { status: reply.status, body: reply.body, fillerAfter: after.status };
}

/** The request passes the permissions: with the key's minute already used, the throttles refuse it. */
async function throttledAfterPermissions(method: string, path: string) {
  const key = await freshKey(["*"]);
  expect((await filler(key, ["*"])).status).toBe(200);
  const reply = await h.api(method, path, method === "GET" || method === "DELETE" ? undefined : {}, { key });
  return reply.status;
}

const cases = API_ROUTES.flatMap((route) =>
  METHODS.map((method) => {
    const routed = route.methods[method];
    const scope = routed ? routed.scope : unroutedScope(route, method);
    return { label: `${method} ${templateOf(route)}`, route, method, routed: routed !== undefined, scope };
  }),
);
const keyUsable = cases.filter((c) => c.routed || c.scope !== undefined);
const noAction = cases.filter((c) => !c.routed && c.scope === undefined);
const scoped = keyUsable.filter((c) => c.scope !== undefined);
const onOrg = keyUsable.filter((c) => c.route.names.includes("org"));
const onProject = keyUsable.filter((c) => c.route.teamScoped);

it("the table has the routes these rules are held to", () => {
  expect(cases.length).toBe(API_ROUTES.length * METHODS.length);
  expect([keyUsable.length, noAction.length, onOrg.length, onProject.length].every((n) => n > 0)).toBe(true);
});

describe.each(cases)("$label", ({ route, method }) => {
  it("without credentials: 401 before anything else", async () => {
    const reply = await h.api(method, pathOf(route), undefined, { key: null });
    expect([reply.status, reply.body]).toEqual([
      401,
      errorBody("authentication_error", "not_authenticated", "Authentication credentials were not provided."),
    ]);
  });
});

describe.each(noAction)("$label (no action)", ({ route, method }) => {
  it("a key gets APIScopePermission's refusal, not counted", async () => {
    expect(await refusedBeforeThrottles(method, pathOf(route), ["*"])).toEqual({
      status: 403,
      body: noKeyAccess,
      fillerAfter: 200,
    });
  });
});

describe.each(scoped)("$label (needs $scope)", ({ route, method, scope }) => {
  it("a key without the scope is refused, not counted", async () => {
    // A key with another scope, one its filler request needs.
    const other = scope === "user:read" ? ["survey:read"] : ["user:read"];
    expect(await refusedBeforeThrottles(method, pathOf(route), other)).toEqual({
      status: 403,
      body: errorBody(
        "authentication_error",
        "permission_denied",
        `API key missing required scope '${scope}'`,
      ),
      fillerAfter: 200,
    });
  });
});

describe.each(keyUsable)("$label (a key may call it)", ({ route, method }) => {
  it("is throttled before the handler or 405 answers", async () => {
    expect(await throttledAfterPermissions(method, pathOf(route))).toBe(429);
  });
});

describe.each(onOrg)("$label (organization route)", ({ route, method }) => {
  it("another organization is 403 and an unknown one 404, neither counted", async () => {
    expect(await refusedBeforeThrottles(method, pathOf(route, { org: foreign.id }), ["*"])).toEqual({
      status: 403,
      body: errorBody(
        "authentication_error",
        "permission_denied",
        "You do not have permission to perform this action.",
      ),
      fillerAfter: 200,
    });
    expect(await refusedBeforeThrottles(method, pathOf(route, { org: UNKNOWN_ORG }), ["*"])).toEqual({
      status: 404,
      body: errorBody("invalid_request", "not_found", "Organization not found."),
      fillerAfter: 200,
    });
  });
});

describe.each(onProject)("$label (project route)", ({ route, method }) => {
  it("another organization's project is 403, not counted; an unknown project is the viewset's, after the throttles", async () => {
    expect(
      await refusedBeforeThrottles(method, pathOf(route, { project: String(foreign.project_id) }), ["*"]),
    ).toEqual({
      status: 403,
      body: errorBody("authentication_error", "permission_denied", "You don't have access to the project."),
      fillerAfter: 200,
    });
    expect(await throttledAfterPermissions(method, pathOf(route, { project: "987654" }))).toBe(429);
  });
});
