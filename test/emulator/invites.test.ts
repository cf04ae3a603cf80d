// Conformance: organization invites and members (docs/contributing/posthog-behaviour.md#invites).
import { errorBody, noKeyAccess, startHarness, useHarness } from "./helpers";

const h = useHarness({ now: "2025-03-01T12:00:00Z" });

const invites = () => `/api/organizations/${h.em.organizationId}/invites/`;
const invite = (body: Record<string, unknown>) => h.api("POST", invites(), body);

const INVITE_FIELDS = [
  "created_at",
  "created_by",
  "emailing_attempt_made",
  "first_name",
  "id",
  "is_expired",
  "level",
  "message",
  "private_project_access",
  "target_email",
  "updated_at",
];

describe("create", () => {
  it("lowercases the email and returns the invite shape with defaults", async () => {
    const r = await invite({ target_email: "Test.User@Example.COM" });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(INVITE_FIELDS);
    expect(r.body).toMatchObject({
      target_email: "test.user@example.com",
      first_name: "",
      level: 1,
      message: null,
      private_project_access: [],
      emailing_attempt_made: false,
      is_expired: false,
    });
    expect(r.body.created_at).toMatch(/^2025-03-01T12:0\d:\d\d(\.\d{6})?Z$/); // the clock started at --now and runs
  });

  it("validates target_email, first_name, level and private_project_access", async () => {
    expect((await invite({})).body).toEqual(
      errorBody("validation_error", "required", "This field is required.", "target_email"),
    );
    expect((await invite({ target_email: null })).body.code).toBe("null");
    expect((await invite({ target_email: "nope" })).body).toEqual(
      errorBody("validation_error", "invalid_input", "Enter a valid email address.", "target_email"),
    );
    expect((await invite({ target_email: "a@example.com", first_name: "x".repeat(31) })).body).toEqual(
      errorBody(
        "validation_error",
        "max_length",
        "Ensure this field has no more than 30 characters.",
        "first_name",
      ),
    );
    expect((await invite({ target_email: "a@example.com", level: 3 })).body).toEqual(
      errorBody("validation_error", "invalid_choice", '"3" is not a valid choice.', "level"),
    );
    const ppa = await invite({
      target_email: "a@example.com",
      private_project_access: [{ id: 999, level: "member" }],
    });
    expect(ppa.body).toEqual(
      errorBody(
        "validation_error",
        "invalid_input",
        "Project does not exist on this organization, or it is private and you do not have access to it.",
        "private_project_access",
      ),
    );
    const good = await invite({
      target_email: "a@example.com",
      level: 8,
      private_project_access: [{ id: h.em.projectId, level: "admin" }],
    });
    expect(good.status).toBe(201);
    expect(good.body.private_project_access).toEqual([{ id: h.em.projectId, level: "admin" }]);
  });

  it("rejects an existing member, case-insensitively", async () => {
    await h.control("POST", "/members", { email: "member@example.com" });
    const r = await invite({ target_email: "MEMBER@example.com" });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      type: "validation_error",
      code: "invalid_input",
      detail: "A user with this email address already belongs to the organization.",
      attr: null,
    });
  });

  it("a second invite for an email replaces older ones (expired too) with a new id", async () => {
    const first = await invite({ target_email: "dup@example.com" });
    await h.control("POST", "/clock", { advanceSeconds: 4 * 86400 });
    const second = await invite({ target_email: "DUP@example.com", first_name: "Again" });
    expect(second.body.id).not.toBe(first.body.id);
    const list = await h.api("GET", invites());
    expect(list.body.results.map((i: { id: string }) => i.id)).toEqual([second.body.id]);
  });

  it("a higher level than the inviter's is 403; a member cannot delete invites", async () => {
    await h.control("POST", "/members", { email: "plain@example.com", level: 1 });
    const key = (await h.control("POST", "/keys", { scopes: ["*"], email: "plain@example.com" })).body.key;
    const r = await h.api("POST", invites(), { target_email: "b@example.com", level: 8 }, { key });
    expect(r.status).toBe(403);
    expect(r.body).toEqual(
      errorBody(
        "authentication_error",
        "permission_denied",
        "You cannot invite a user with a higher permission level than your own.",
      ),
    );
    const ok = await h.api("POST", invites(), { target_email: "b@example.com" }, { key });
    expect(ok.status).toBe(201);
    const del = await h.api("DELETE", `${invites()}${ok.body.id}/`, undefined, { key });
    expect(del.status).toBe(403);
    expect(del.body.detail).toBe("Your organization access level is insufficient.");
  });
});

describe("expiry, list order, delete, unrouted methods", () => {
  it("is_expired flips after 3 days on the emulator clock; list is newest first", async () => {
    const a = await invite({ target_email: "a@example.com" });
    await h.control("POST", "/clock", { advanceSeconds: 60 });
    const b = await invite({ target_email: "b@example.com" });
    let list = await h.api("GET", invites());
    expect(list.body.results.map((i: { id: string }) => i.id)).toEqual([b.body.id, a.body.id]);
    await h.control("POST", "/clock", { advanceSeconds: 3 * 86400 - 30 });
    list = await h.api("GET", invites());
    expect(list.body.results.map((i: { is_expired: boolean }) => i.is_expired)).toEqual([false, true]);
  });

  it("DELETE is 204 then 404; GET/PATCH/PUT on one invite have no action, so a key gets 403", async () => {
    const a = await invite({ target_email: "a@example.com" });
    for (const method of ["GET", "PATCH", "PUT"]) {
      const r = await h.api(method, `${invites()}${a.body.id}/`, method === "GET" ? undefined : {});
      expect(r.status).toBe(403);
      expect(r.body).toEqual(noKeyAccess);
    }
    const del = await h.api("DELETE", `${invites()}${a.body.id}`);
    expect(del.status).toBe(204);
    expect(del.body).toBeUndefined();
    expect((await h.api("DELETE", `${invites()}${a.body.id}/`)).status).toBe(404);
    expect((await h.api("DELETE", `${invites()}not-a-uuid/`)).status).toBe(404);
  });

  it("accepting an invite makes a member and deletes every invite for that email", async () => {
    const a = await invite({ target_email: "join@example.com", level: 8, first_name: "Jo" });
    const member = await h.control("POST", `/invites/${a.body.id}/accept`);
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({ level: 8, user: { email: "join@example.com", first_name: "Jo" } });
    expect((await h.api("GET", invites())).body.count).toBe(0);
    const members = await h.api("GET", `/api/organizations/${h.em.organizationId}/members/`);
    expect(members.body.results.map((m: { user: { email: string } }) => m.user.email)).toContain(
      "join@example.com",
    );
    expect((await h.control("POST", `/invites/${a.body.id}/accept`)).status).toBe(404);
  });
});

describe("bulk", () => {
  const bulk = (body: unknown) => h.api("POST", `${invites()}bulk/`, body);

  it("takes a bare array and returns 201 with an array in request order", async () => {
    const r = await bulk([
      { target_email: "One@example.com" },
      { target_email: "two@example.com", level: 8 },
    ]);
    expect(r.status).toBe(201);
    expect(r.body.map((i: { target_email: string }) => i.target_email)).toEqual([
      "one@example.com",
      "two@example.com",
    ]);
    // bulk is a POST-only action; a GET has no action (403 for a key). A PATCH there is PostHog's "patch" write.
    expect((await h.api("GET", `/api/organizations/${h.em.organizationId}/invites/bulk`)).status).toBe(403);
    expect((await h.api("PATCH", `/api/organizations/${h.em.organizationId}/invites/bulk`, {})).status).toBe(
      405,
    );
  });

  it("not an array, or more than 20, are exact errors", async () => {
    expect((await bulk({ target_email: "a@example.com" })).body).toEqual(
      errorBody(
        "validation_error",
        "invalid_input",
        "This endpoint needs an array of data for bulk invite creation.",
      ),
    );
    const many = Array.from({ length: 21 }, (_, i) => ({ target_email: `u${i}@example.com` }));
    expect((await bulk(many)).body).toEqual(
      errorBody("validation_error", "max_length", "A maximum of 20 invites can be sent in a single request."),
    );
    expect((await bulk(many.slice(0, 20))).status).toBe(201);
  });

  it("is all-or-nothing: one bad item creates nothing", async () => {
    const r = await bulk([{ target_email: "ok@example.com" }, { target_email: "bad" }]);
    expect(r.status).toBe(400);
    expect(r.body).toEqual(errorBody("validation_error", "{}", "{}"));
    const first = await bulk([{ target_email: "bad" }]);
    expect(first.body.detail).toBe(
      "{'target_email': [ErrorDetail(string='Enter a valid email address.', code='invalid')]}",
    );
    await h.control("POST", "/members", { email: "m@example.com" });
    const member = await bulk([{ target_email: "ok@example.com" }, { target_email: "m@example.com" }]);
    expect(member.body.detail).toBe("A user with this email address already belongs to the organization.");
    expect((await h.api("GET", invites())).body.count).toBe(0);
  });
});

describe("what PostHog stores", () => {
  it("trims first_name and message (DRF CharField)", async () => {
    const r = await invite({ target_email: "t@example.com", first_name: "  Ann \n", message: "\t hello  " });
    expect(r.body).toMatchObject({ first_name: "Ann", message: "hello" });
    expect((await h.api("GET", invites())).body.results[0]).toMatchObject({
      first_name: "Ann",
      message: "hello",
    });
  });

  it("private_project_access: [] and null are stored as null; omitted is []", async () => {
    expect(
      (await invite({ target_email: "a@example.com", private_project_access: [] })).body
        .private_project_access,
    ).toBeNull();
    expect(
      (await invite({ target_email: "b@example.com", private_project_access: null })).body
        .private_project_access,
    ).toBeNull();
    expect((await invite({ target_email: "c@example.com" })).body.private_project_access).toEqual([]);
    const listed = (await h.api("GET", invites())).body.results.map(
      (i: { target_email: string; private_project_access: unknown }) => [
        i.target_email,
        i.private_project_access,
      ],
    );
    expect(listed).toEqual([
      ["c@example.com", []],
      ["b@example.com", null],
      ["a@example.com", null],
    ]);
  });

  it("combining keeps an older 'member' over a new 'admin' (PostHog compares the levels as strings)", async () => {
    const project = h.em.projectId;
    await invite({
      target_email: "x@example.com",
      private_project_access: [{ id: project, level: "member" }],
    });
    const r = await invite({
      target_email: "x@example.com",
      private_project_access: [{ id: project, level: "admin" }],
      combine_pending_invites: true,
    });
    expect(r.body.private_project_access).toEqual([{ id: project, level: "member" }]);
    expect((await h.api("GET", invites())).body.count).toBe(1);
  });
});

describe("an instance with email configured", () => {
  it("--email-available: emailing_attempt_made unless send_email is false; a reset keeps the start setting", async () => {
    const mailing = await startHarness({ emailAvailable: true });
    try {
      const url = `/api/organizations/${mailing.em.organizationId}/invites/`;
      expect(
        (await mailing.api("POST", url, { target_email: "a@example.com" })).body.emailing_attempt_made,
      ).toBe(true);
      const quiet = await mailing.api("POST", url, { target_email: "b@example.com", send_email: false });
      expect(quiet.body.emailing_attempt_made).toBe(false);
      await mailing.control("POST", "/settings", { emailAvailable: false });
      expect(
        (await mailing.api("POST", url, { target_email: "c@example.com" })).body.emailing_attempt_made,
      ).toBe(false);
      await mailing.reset();
      expect((await mailing.control("GET", "/settings")).body).toEqual({
        emailAvailable: true,
        membersCanInvite: true,
        inviteSettingsAvailable: false,
      });
    } finally {
      await mailing.close();
    }
  });

  it("by default no emailing attempt is made", async () => {
    expect((await invite({ target_email: "a@example.com" })).body.emailing_attempt_made).toBe(false);
    expect((await h.control("GET", "/settings")).body.emailAvailable).toBe(false);
  });
});

describe("project access", () => {
  it("each item is checked by the model's validator, with its messages", async () => {
    const ppa = async (value: unknown) =>
      (await invite({ target_email: "a@example.com", private_project_access: value })).body.detail;
    expect(await ppa({ id: 1 })).toBe("The field must be a list of dictionaries.");
    expect(await ppa([1])).toBe("Each item in the list must be a dictionary.");
    expect(await ppa([{ id: 1 }])).toBe('Each dictionary must contain "id" and "level" keys.');
    expect(await ppa([{ id: "1", level: "member" }])).toBe('The "id" field must be an integer.');
    expect(await ppa([{ id: 1, level: "owner" }])).toBe('The "level" field must be a valid access level.');
    const none = await invite({
      target_email: "a@example.com",
      private_project_access: [{ id: 1, level: "none" }],
    });
    expect(none.status).toBe(201);
  });

  it("accepting grants the invite's project access: the new member may then invite to the private project", async () => {
    const project = (await h.control("POST", "/projects", { name: "Secret", private: true })).body.id;
    const sent = await invite({
      target_email: "new@example.com",
      private_project_access: [{ id: project, level: "admin" }],
    });
    await h.control("POST", `/invites/${sent.body.id}/accept`);
    const key = (await h.control("POST", "/keys", { scopes: ["*"], email: "new@example.com" })).body.key;
    const onward = {
      target_email: "next@example.com",
      private_project_access: [{ id: project, level: "admin" }],
    };
    expect((await h.api("POST", invites(), onward, { key })).status).toBe(201);
    const outsider = await h.control("POST", "/members", { email: "outsider@example.com" });
    expect(outsider.status).toBe(201);
    const otherKey = (await h.control("POST", "/keys", { scopes: ["*"], email: "outsider@example.com" })).body
      .key;
    const refused = await h.api(
      "POST",
      invites(),
      { ...onward, target_email: "x@example.com" },
      { key: otherKey },
    );
    expect(refused.body.detail).toBe(
      "Project does not exist on this organization, or it is private and you do not have access to it.",
    );
  });

  it("accepting for an email that is already a member is refused with PostHog's message", async () => {
    const sent = await invite({ target_email: "dup@example.com" });
    await h.control("POST", "/members", { email: "dup@example.com" });
    const r = await h.control("POST", `/invites/${sent.body.id}/accept`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual(
      errorBody(
        "validation_error",
        "existing_email_address",
        "Another user with this email address already belongs to this organization.",
      ),
    );
  });
});
