// Conformance: authentication, scopes, 403/404/405/400-parse bodies, trailing slashes, @current, aliases.
import { errorBody, noKeyAccess, useHarness } from "./helpers";

const h = useHarness();

const surveys = () => `/api/projects/${h.em.projectId}/surveys/`;

describe("authentication", () => {
  it("401 not_authenticated without credentials", async () => {
    const r = await h.api("GET", surveys(), undefined, { key: null });
    expect(r.status).toBe(401);
    expect(r.body).toEqual(
      errorBody("authentication_error", "not_authenticated", "Authentication credentials were not provided."),
    );
    expect(r.headers.get("www-authenticate")).toBeNull();
  });

  it("401 authentication_failed for an unknown key, naming the source", async () => {
    const r = await h.api("GET", surveys(), undefined, { key: "phx_wrong" });
    expect(r.status).toBe(401);
    expect(r.body).toEqual(
      errorBody(
        "authentication_error",
        "authentication_failed",
        "Personal API key found in request Authorization header is invalid.",
      ),
    );
    const q = await h.api("GET", `${surveys()}?personal_api_key=phx_wrong`, undefined, { key: null });
    expect(q.body.detail).toBe("Personal API key found in request query string is invalid.");
    const ok = await h.api("GET", `${surveys()}?personal_api_key=${h.em.apiKey}`, undefined, { key: null });
    expect(ok.status).toBe(200);
  });

  it("the error body never contains the key", async () => {
    const r = await h.api("GET", surveys(), undefined, { key: "phx_secret_value_123" });
    expect(JSON.stringify(r.body)).not.toContain("phx_secret_value_123");
  });
});

describe("scopes", () => {
  async function keyWith(scopes: string[]): Promise<string> {
    const r = await h.control("POST", "/keys", { scopes });
    expect(r.status).toBe(201);
    return r.body.key as string;
  }

  it("403 names the missing scope; :write satisfies :read", async () => {
    const readOnly = await keyWith(["survey:read"]);
    expect((await h.api("GET", surveys(), undefined, { key: readOnly })).status).toBe(200);
    const denied = await h.api("POST", surveys(), { name: "x", type: "api" }, { key: readOnly });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual(
      errorBody("authentication_error", "permission_denied", "API key missing required scope 'survey:write'"),
    );
    const writer = await keyWith(["survey:write"]);
    expect((await h.api("GET", surveys(), undefined, { key: writer })).status).toBe(200);
    expect((await h.api("GET", `${surveys()}responses_count/`, undefined, { key: writer })).status).toBe(200);
    expect((await h.api("POST", surveys(), { name: "y", type: "api" }, { key: writer })).status).toBe(201);
  });

  it("invites: list needs organization_member:read, bulk/delete :write, create needs no scope", async () => {
    const none = await keyWith(["survey:read"]);
    const invites = `/api/organizations/${h.em.organizationId}/invites/`;
    const list = await h.api("GET", invites, undefined, { key: none });
    expect(list.status).toBe(403);
    expect(list.body.detail).toBe("API key missing required scope 'organization_member:read'");
    const create = await h.api("POST", invites, { target_email: "a@example.com" }, { key: none });
    expect(create.status).toBe(201);
    const bulk = await h.api("POST", `${invites}bulk/`, [], { key: none });
    expect(bulk.body.detail).toBe("API key missing required scope 'organization_member:write'");
    const del = await h.api("DELETE", `${invites}${create.body.id}/`, undefined, { key: none });
    expect(del.status).toBe(403);
    const reader = await keyWith(["organization_member:read"]);
    expect((await h.api("GET", invites, undefined, { key: reader })).status).toBe(200);
  });

  it("* allows everything", async () => {
    const star = await keyWith(["*"]);
    expect(
      (await h.api("GET", `/api/organizations/${h.em.organizationId}/members/`, undefined, { key: star }))
        .status,
    ).toBe(200);
  });
});

describe("404, 405 and parse errors", () => {
  it("unknown or non-integer project gives 404 Project not found.", async () => {
    for (const p of ["999", "abc"]) {
      const r = await h.api("GET", `/api/projects/${p}/surveys/`);
      expect(r.status).toBe(404);
      expect(r.body).toEqual(errorBody("invalid_request", "not_found", "Project not found."));
    }
  });

  it("unknown or malformed survey id gives 404 Not found.", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const r = await h.api("GET", `${surveys()}${id}/`);
      expect(r.status).toBe(404);
      expect(r.body).toEqual(errorBody("invalid_request", "not_found", "Not found."));
    }
  });

  it("unknown organization gives 404 Organization not found.", async () => {
    const r = await h.api("GET", "/api/organizations/00000000-0000-4000-8000-000000000000/invites/");
    expect(r.status).toBe(404);
    expect(r.body.detail).toBe("Organization not found.");
  });

  it("unrouted path gives 404", async () => {
    const r = await h.api("GET", "/api/nothing/here/");
    expect(r.status).toBe(404);
    expect(r.body).toEqual(errorBody("invalid_request", "not_found", "Not found."));
  });

  it("a PATCH on a collection is a write (scope checked), then 405 method_not_allowed", async () => {
    const r = await h.api("PATCH", surveys(), {});
    expect(r.status).toBe(405);
    expect(r.body).toEqual(errorBody("invalid_request", "method_not_allowed", 'Method "PATCH" not allowed.'));
    const readOnly = (await h.control("POST", "/keys", { scopes: ["survey:read"] })).body.key as string;
    const denied = await h.api("PATCH", surveys(), {}, { key: readOnly });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe("API key missing required scope 'survey:write'");
  });

  it("any other method a route lacks has no action: a personal API key gets 403, not 405", async () => {
    for (const [method, path] of [
      ["PUT", surveys()],
      ["DELETE", surveys()],
      ["POST", `${surveys()}responses_count/`],
    ] as const) {
      const r = await h.api(method, path, method === "DELETE" ? undefined : {});
      expect(r.status).toBe(403);
      expect(r.body).toEqual(noKeyAccess);
    }
  });

  it("a body that is not JSON gives 400 parse_error", async () => {
    const r = await h.api("POST", surveys(), undefined, { raw: "{not json" });
    expect(r.status).toBe(400);
    expect(r.body.type).toBe("invalid_request");
    expect(r.body.code).toBe("parse_error");
    expect(r.body.detail).toMatch(/^JSON parse error - /);
    expect(r.body.attr).toBeNull();
  });

  it("a JSON body that is not an object gives invalid_input", async () => {
    const r = await h.api("POST", surveys(), [1, 2]);
    expect(r.status).toBe(400);
    expect(r.body).toEqual(
      errorBody("validation_error", "invalid_input", "Invalid data. Expected a dictionary, but got list."),
    );
  });
});

describe("routing", () => {
  it("trailing slash is optional, @current works, environments alias projects", async () => {
    const created = await h.survey({ name: "routing" });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const paths = [
      `/api/projects/${h.em.projectId}/surveys/${id}`,
      `/api/projects/${h.em.projectId}/surveys/${id}/`,
      `/api/projects/@current/surveys/${id}/`,
      `/api/environments/${h.em.projectId}/surveys/${id}`,
    ];
    for (const p of paths) {
      const r = await h.api("GET", p);
      expect(r.status).toBe(200);
      expect(r.body.id).toBe(id);
    }
    expect((await h.api("GET", `/api/organizations/@current/invites`)).status).toBe(200);
    expect((await h.api("GET", `/api/projects/${h.em.projectId}/surveys`)).body.count).toBe(1);
  });

  it("projects, project, members and users/@me", async () => {
    const list = await h.api("GET", "/api/projects/");
    expect(list.body.results.map((p: { id: number }) => p.id)).toEqual([h.em.projectId]);
    const one = await h.api("GET", `/api/projects/${h.em.projectId}`);
    expect(one.body).toMatchObject({ id: h.em.projectId, organization: h.em.organizationId });
    const members = await h.api("GET", `/api/organizations/${h.em.organizationId}/members/`);
    expect(members.body.count).toBe(1);
    expect(members.body.results[0]).toMatchObject({ level: 15, user: { email: expect.any(String) } });
    // OrganizationMemberSerializer's fields (posthog/api/organization_member.py).
    expect(Object.keys(members.body.results[0]).sort()).toEqual([
      "has_social_auth",
      "id",
      "is_2fa_enabled",
      "joined_at",
      "last_login",
      "level",
      "search_match_type",
      "updated_at",
      "user",
    ]);
    const me = await h.api("GET", "/api/users/@me/");
    expect(me.body.organization.id).toBe(h.em.organizationId);
    expect(me.body.team.id).toBe(h.em.projectId);
  });

  it("controls require the admin key", async () => {
    const res = await fetch(`${h.em.url}/_emulator/state`);
    expect(res.status).toBe(401);
    const bad = await fetch(`${h.em.url}/_emulator/state`, { headers: { Authorization: "Bearer nope" } });
    expect(bad.status).toBe(401);
  });
});

describe("PUT on one survey", () => {
  it("is routed in PostHog but not modelled: scope-checked, then 405", async () => {
    const created = await h.api("POST", surveys(), { name: "Put", type: "api" });
    const r = await h.api("PUT", `${surveys()}${created.body.id}/`, { name: "Put", type: "api" });
    expect(r.status).toBe(405);
    expect(r.body).toEqual(errorBody("invalid_request", "method_not_allowed", 'Method "PUT" not allowed.'));
  });
});
