// Conformance: organization members beyond PostHog's own tests — every validate_update and leave rule with its
// exact body, lookups, list filters and order, scopes, the request log, and the member controls.
import { errorBody, noKeyAccess, useHarness } from "./helpers";
import { ADMIN, createActor, MEMBER, OWNER, setLevel } from "./members-org-helpers";

const h = useHarness({ now: "2025-03-01T12:00:00Z" });

const MEMBERS = "/api/organizations/@current/members/";
const denied = (detail: string) => errorBody("authentication_error", "permission_denied", detail);
const OWNER_CANNOT_LEAVE = errorBody(
  "validation_error",
  "invalid_input",
  "Cannot leave the organization as its owner!",
);
const levels = async () =>
  Object.fromEntries(
    (await h.api("GET", MEMBERS)).body.results.map((m: { user: { email: string }; level: number }) => [
      m.user.email,
      m.level,
    ]),
  );

describe("who may change or remove whom", () => {
  it("an admin cannot edit or remove an owner", async () => {
    const admin = await createActor(h, "admin@example.com", ADMIN);
    const owner = await createActor(h, "owner2@example.com", OWNER);
    const patch = await admin.call("PATCH", `${MEMBERS}${owner.uuid}/`, { level: MEMBER });
    expect(patch.status).toBe(403);
    expect(patch.body).toEqual(denied("You can only edit others with level lower or equal to you."));
    const del = await admin.call("DELETE", `${MEMBERS}${owner.uuid}/`);
    expect(del.body).toEqual(denied("You can only edit others with level lower or equal to you."));
    expect((await levels())["owner2@example.com"]).toBe(OWNER);
  });

  it("an owner is never removed, by another owner or by leaving; demoted first, they can be", async () => {
    const other = await createActor(h, "owner2@example.com", OWNER);
    const byOther = await h.api("DELETE", `${MEMBERS}${other.uuid}/`);
    expect(byOther.status).toBe(400);
    expect(byOther.body).toEqual(OWNER_CANNOT_LEAVE);
    const leaving = await other.call("DELETE", `${MEMBERS}@me/`);
    expect(leaving.status).toBe(400);
    expect(leaving.body).toEqual(OWNER_CANNOT_LEAVE);
    // The last owner cannot leave either, and cannot demote themselves.
    const self = await h.api("PATCH", `${MEMBERS}@me/`, { level: ADMIN });
    expect(self.body).toEqual(denied("You can't change your own access level."));
    expect((await h.api("PATCH", `${MEMBERS}${other.uuid}/`, { level: ADMIN })).status).toBe(200);
    expect((await h.api("DELETE", `${MEMBERS}${other.uuid}/`)).status).toBe(204);
    expect(Object.keys(await levels())).toEqual(["owner@emulator.local"]);
  });

  it("an admin may remove and demote members and admins, and leave", async () => {
    const admin = await createActor(h, "admin@example.com", ADMIN);
    const peer = await createActor(h, "peer@example.com", ADMIN);
    const member = await createActor(h, "member@example.com", MEMBER);
    expect((await admin.call("PATCH", `${MEMBERS}${peer.uuid}/`, { level: MEMBER })).status).toBe(200);
    expect((await admin.call("DELETE", `${MEMBERS}${member.uuid}/`)).status).toBe(204);
    expect((await admin.call("DELETE", `${MEMBERS}${admin.uuid}/`)).status).toBe(204);
    expect(await levels()).toEqual({ "owner@emulator.local": OWNER, "peer@example.com": MEMBER });
    // A removed member's key no longer authenticates.
    expect((await admin.call("GET", MEMBERS)).status).toBe(401);
  });

  it("a member may PATCH themselves without a level, and nothing else", async () => {
    const member = await createActor(h, "member@example.com", MEMBER);
    const other = await createActor(h, "other@example.com", MEMBER);
    const own = await member.call("PATCH", `${MEMBERS}@me/`, {});
    expect(own.status).toBe(200);
    expect(own.body.level).toBe(MEMBER);
    const del = await member.call("DELETE", `${MEMBERS}${other.uuid}/`);
    expect(del.body).toEqual(denied("You can only edit others if you are an admin."));
  });

  it("PUT behaves as PATCH; an invalid level is a field error after the permission check", async () => {
    const member = await createActor(h, "member@example.com", MEMBER);
    const put = await h.api("PUT", `${MEMBERS}${member.uuid}/`, { level: ADMIN });
    expect(put.status).toBe(200);
    expect(put.body.level).toBe(ADMIN);
    expect((await h.api("PATCH", `${MEMBERS}${member.uuid}/`, { level: 3 })).body).toEqual(
      errorBody("validation_error", "invalid_choice", '"3" is not a valid choice.', "level"),
    );
    expect((await h.api("PATCH", `${MEMBERS}${member.uuid}/`, { level: null })).body).toEqual(
      errorBody("validation_error", "null", "This field may not be null.", "level"),
    );
  });
});

describe("lookup, list and routes", () => {
  it("unknown or malformed uuids are 404; GET on one member has no action (no retrieve): 403 for a key", async () => {
    const member = await createActor(h, "member@example.com");
    expect((await h.api("PATCH", `${MEMBERS}0f0f0f0f-0000-4000-8000-000000000000/`, {})).body).toEqual(
      errorBody("invalid_request", "not_found", "Not found."),
    );
    expect((await h.api("DELETE", `${MEMBERS}not-a-uuid/`)).status).toBe(404);
    const get = await h.api("GET", `${MEMBERS}${member.uuid}/`);
    expect(get.status).toBe(403);
    expect(get.body).toEqual(noKeyAccess);
    // Django's UUID lookup takes any case and no hyphens.
    const upper = member.uuid.toUpperCase().replace(/-/g, "");
    expect((await h.api("PATCH", `${MEMBERS}${upper}`, { level: ADMIN })).status).toBe(200);
  });

  it("newest first by default, ?order=joined_at oldest first; deactivated and bot users are hidden", async () => {
    await h.control("POST", "/clock", { advanceSeconds: 60 });
    await h.control("POST", "/members", { email: "a@example.com" });
    await h.control("POST", "/clock", { advanceSeconds: 60 });
    await h.control("POST", "/members", { email: "b@example.com" });
    await h.control("POST", "/members", { email: "gone@example.com", is_active: false });
    await h.control("POST", "/members", { email: "helper@posthogbot.user" });
    const emails = async (q: string) =>
      (await h.api("GET", `${MEMBERS}${q}`)).body.results.map(
        (m: { user: { email: string } }) => m.user.email,
      );
    expect(await emails("")).toEqual(["b@example.com", "a@example.com", "owner@emulator.local"]);
    expect(await emails("?order=joined_at")).toEqual([
      "owner@emulator.local",
      "a@example.com",
      "b@example.com",
    ]);
    expect(await emails("?email=A@example.com")).toEqual([]);
  });

  it("search matches names and emails case-insensitively; over 200 characters is refused", async () => {
    await h.control("POST", "/members", { email: "zed@example.com", first_name: "Ada" });
    await h.control("POST", "/members", { email: "bob@example.com", first_name: "Bob" });
    const r = await h.api("GET", `${MEMBERS}?search=ADA`);
    expect(r.body.results.map((m: { user: { email: string } }) => m.user.email)).toEqual(["zed@example.com"]);
    expect(r.body.results[0].search_match_type).toBe("exact");
    const blank = await h.api("GET", `${MEMBERS}?search=%20%20`);
    expect(blank.body.count).toBe(3);
    expect(blank.body.results[0].search_match_type).toBeNull();
    const long = await h.api("GET", `${MEMBERS}?search=${"x".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body).toEqual(
      errorBody(
        "validation_error",
        "invalid_input",
        "Search query must be 200 characters or fewer.",
        "search",
      ),
    );
  });

  it("writes need organization_member:write; the request log records them", async () => {
    const member = await createActor(h, "member@example.com");
    const readKey = (await h.control("POST", "/keys", { scopes: ["organization_member:read"] })).body.key;
    expect((await h.api("GET", MEMBERS, undefined, { key: readKey })).status).toBe(200);
    const r = await h.api("PATCH", `${MEMBERS}${member.uuid}/`, { level: ADMIN }, { key: readKey });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe("API key missing required scope 'organization_member:write'");
    await h.control("DELETE", "/requests");
    await h.api("PATCH", `${MEMBERS}${member.uuid}/`, { level: ADMIN });
    const log = (await h.control("GET", "/requests")).body.requests;
    expect(
      log.map((e: { method: string; path: string; status: number }) => [e.method, e.path, e.status]),
    ).toEqual([["PATCH", `${MEMBERS}${member.uuid}/`, 200]]);
    expect(log[0].body).toEqual({ level: ADMIN });
  });
});

describe("controls", () => {
  it("PATCH /_emulator/members/:uuid sets a level without rules; @me is the admin key's user; reset restores it", async () => {
    const member = await createActor(h, "member@example.com");
    expect((await h.control("PATCH", `/members/${member.uuid}`, { level: OWNER })).body.level).toBe(OWNER);
    await setLevel(h, "@me", MEMBER);
    // The admin key now acts as a plain member.
    const r = await h.api("PATCH", `/api/organizations/@current/members/${member.uuid}/`, { level: MEMBER });
    expect(r.body).toEqual(denied("You can only edit others if you are an admin."));
    expect((await h.control("PATCH", "/members/nobody", { level: 1 })).status).toBe(404);
    await h.reset();
    expect(await levels()).toEqual({ "owner@emulator.local": OWNER });
  });
});

describe("deactivated users and updated_after", () => {
  it("a deactivated member's key fails; ?updated_after keeps members changed after the instant", async () => {
    const member = await createActor(h, "member@example.com");
    await h.control("POST", "/clock", { advanceSeconds: 60 });
    const cut = (await h.control("GET", "/clock")).body.now;
    await h.control("POST", "/clock", { advanceSeconds: 60 });
    await h.api("PATCH", `${MEMBERS}${member.uuid}/`, { level: ADMIN });
    const changed = await h.api("GET", `${MEMBERS}?updated_after=${encodeURIComponent(cut)}`);
    expect(changed.body.results.map((m: { user: { email: string } }) => m.user.email)).toEqual([
      "member@example.com",
    ]);
    await h.control("PATCH", `/members/${member.uuid}`, { is_active: false });
    const r = await member.call("GET", MEMBERS);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe("authentication_failed");
    expect(Object.keys(await levels())).toEqual(["owner@emulator.local"]);
  });
});

describe("every requester, target and change", () => {
  const NOT_ADMIN = "You can only edit others if you are an admin.";
  const ABOVE_YOU = "You can only edit others with level lower or equal to you.";
  const OWNER_ONLY = "You can only make another member owner if you're this organization's owner.";
  const OWNER_STAYS = "Cannot leave the organization as its owner!";
  type Action = "to member" | "to admin" | "to owner" | "remove";
  const ACTIONS: Action[] = ["to member", "to admin", "to owner", "remove"];
  // [requester level, target level] -> the outcome of each action, in ACTIONS order: a status, or a refusal text.
  const TABLE: Array<[number, number, Array<number | string>]> = [
    [MEMBER, MEMBER, [NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN]],
    [MEMBER, ADMIN, [NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN]],
    [MEMBER, OWNER, [NOT_ADMIN, NOT_ADMIN, NOT_ADMIN, NOT_ADMIN]],
    [ADMIN, MEMBER, [200, 200, OWNER_ONLY, 204]],
    [ADMIN, ADMIN, [200, 200, OWNER_ONLY, 204]],
    [ADMIN, OWNER, [ABOVE_YOU, ABOVE_YOU, ABOVE_YOU, ABOVE_YOU]],
    [OWNER, MEMBER, [200, 200, 200, 204]],
    [OWNER, ADMIN, [200, 200, 200, 204]],
    [OWNER, OWNER, [200, 200, 200, OWNER_STAYS]],
  ];
  const LEVEL_OF: Record<Action, number> = {
    "to member": MEMBER,
    "to admin": ADMIN,
    "to owner": OWNER,
    remove: 0,
  };

  it.each(TABLE)("requester %i, target %i", async (requesterLevel, targetLevel, outcomes) => {
    const requester = await createActor(h, "requester@example.com", requesterLevel);
    for (const [i, action] of ACTIONS.entries()) {
      const target = await createActor(h, `target${i}@example.com`, targetLevel);
      const path = `${MEMBERS}${target.uuid}/`;
      const r =
        action === "remove"
          ? await requester.call("DELETE", path)
          : await requester.call("PATCH", path, { level: LEVEL_OF[action] });
      const expected = outcomes[i];
      if (typeof expected === "number") {
        expect([action, r.status]).toEqual([action, expected]);
        const after = (await levels())[target.email];
        expect([action, after]).toEqual([action, action === "remove" ? undefined : LEVEL_OF[action]]);
      } else {
        expect([action, r.body.detail]).toEqual([action, expected]);
        expect([action, r.status]).toEqual([action, expected === OWNER_STAYS ? 400 : 403]);
        expect((await levels())[target.email]).toBe(targetLevel);
      }
    }
  });
});

it("removing a member drops their project access: back in the organization, they have none", async () => {
  const project = (await h.control("POST", "/projects", { name: "Secret", private: true })).body.id;
  const member = await createActor(h, "member@example.com");
  await h.control("POST", `/projects/${project}/access`, { email: member.email, level: "admin" });
  const invite = (key: string) =>
    h.api(
      "POST",
      "/api/organizations/@current/invites/",
      { target_email: "next@example.com", private_project_access: [{ id: project, level: "member" }] },
      { key },
    );
  expect((await invite(member.key)).status).toBe(201);
  expect((await h.api("DELETE", `${MEMBERS}${member.uuid}/`)).status).toBe(204);
  const again = await createActor(h, "member@example.com");
  expect((await invite(again.key)).body.detail).toBe(
    "Project does not exist on this organization, or it is private and you do not have access to it.",
  );
});
