// PostHog's posthog/api/test/test_organization_invites.py, one test per test function, over HTTP against the
// emulator. docs/contributing/posthog-org-tests.md lists every function: ported or skipped, and why.
import { noKeyAccess, useHarness, type Reply } from "./helpers";
import {
  ADMIN,
  createActor,
  MEMBER,
  OWNER,
  permissionDeniedResponse,
  setLevel,
  type Actor,
} from "./members-org-helpers";

const h = useHarness({ now: "2024-01-10T00:00:00Z" });
let self: Actor;
beforeEach(async () => {
  self = await createActor(h, "self@posthog.com", MEMBER, "Self");
});

const INVITES = "/api/organizations/@current/invites/";
const invitesOf = (org: string) => `/api/organizations/${org}/invites/`;
const listInvites = async () => (await h.api("GET", INVITES)).body.results as Array<Record<string, unknown>>;
const inviteCount = async () => (await h.api("GET", INVITES)).body.count as number;
const projectAccessError = (detail: string) => ({
  type: "validation_error",
  code: "invalid_input",
  detail,
  attr: "private_project_access",
});
const NO_PROJECT =
  "Project does not exist on this organization, or it is private and you do not have access to it.";

async function project(privateProject: boolean): Promise<number> {
  return (await h.control("POST", "/projects", { name: "Private Team", private: privateProject })).body.id;
}
async function grant(projectId: number, email: string, level: "member" | "admin"): Promise<void> {
  expect((await h.control("POST", `/projects/${projectId}/access`, { email, level })).status).toBe(200);
}
/** self invites a plain member with admin access to the project. */
const projectInvite = (email: string, team: number) =>
  self.call("POST", INVITES, {
    target_email: email,
    level: MEMBER,
    private_project_access: [{ id: team, level: "admin" }],
  });
async function expectProjectInvite(r: Reply, team: number, count: number): Promise<void> {
  expect(r.status).toBe(201);
  expect(r.body.level).toBe(MEMBER);
  expect(r.body.private_project_access).toEqual([{ id: team, level: "admin" }]);
  expect(await inviteCount()).toBe(count);
}
async function alienOrg(): Promise<string> {
  return (await h.control("POST", "/organizations")).body.id;
}
async function inviteSettings(membersCanInvite: boolean): Promise<void> {
  await h.control("POST", "/settings", { inviteSettingsAvailable: true, membersCanInvite });
}
function bulkPayload(count: number): Array<{ target_email: string; first_name: string }> {
  const names = ["John", "Jane", "Alice", "Bob", ""];
  return Array.from({ length: count }, (_, i) => ({
    target_email: `test+${1000000 + i}@posthog.com`,
    first_name: names[i % names.length],
  }));
}

describe("TestOrganizationInvitesAPI", () => {
  it("test_cant_list_invites_for_an_alien_organization", async () => {
    const org = await alienOrg();
    const list = await self.call("GET", invitesOf(org));
    expect(list.status).toBe(403);
    expect(list.body).toEqual(permissionDeniedResponse);
    // Even though there's no retrieve for invites, permissions are validated first.
    const one = await self.call("GET", `${invitesOf(org)}0f0f0f0f-0000-4000-8000-000000000000`);
    expect(one.status).toBe(403);
    expect(one.body).toEqual(noKeyAccess); // the key's answer; a session would get the default 403
  });

  it("test_add_organization_invite_email_required", async () => {
    const r = await self.call("POST", INVITES);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      type: "validation_error",
      code: "required",
      detail: "This field is required.",
      attr: "target_email",
    });
  });

  it("test_add_organization_invite_with_email", async () => {
    await h.control("POST", "/settings", { emailAvailable: true });
    const r = await self.call("POST", INVITES, { target_email: "x@x.com" });
    expect(r.status).toBe(201);
    expect(await inviteCount()).toBe(1);
    const { id, created_at, updated_at, ...rest } = r.body;
    expect([typeof id, typeof created_at, typeof updated_at]).toEqual(["string", "string", "string"]);
    const me = (await self.call("GET", "/api/organizations/@current/members/?email=self@posthog.com")).body
      .results[0].user;
    expect(rest).toEqual({
      target_email: "x@x.com",
      first_name: "",
      created_by: {
        id: me.id,
        uuid: self.uuid,
        distinct_id: me.distinct_id,
        email: "self@posthog.com",
        first_name: "Self",
        last_name: "",
        is_email_verified: me.is_email_verified,
        hedgehog_config: null,
        role_at_organization: null,
      },
      is_expired: false,
      level: 1,
      emailing_attempt_made: true,
      message: null,
      private_project_access: [],
    });
  });

  it("test_add_organization_invite_with_email_on_instance_but_send_email_prop_false", async () => {
    await h.control("POST", "/settings", { emailAvailable: true });
    const r = await self.call("POST", INVITES, { target_email: "x@x.com", send_email: false });
    expect(r.status).toBe(201);
    expect(await inviteCount()).toBe(1);
    // No email is sent: the invite records that no emailing attempt was made.
    expect(r.body.emailing_attempt_made).toBe(false);
  });

  it("test_create_invites_for_the_same_email_multiple_times_deletes_older_invites", async () => {
    for (let i = 0; i < 3; i++) {
      const r = await self.call("POST", INVITES, { target_email: "x@posthog.com" });
      expect(r.status).toBe(201);
      const stored = (await listInvites()).find((inv) => inv.id === r.body.id);
      expect(stored).toMatchObject({ target_email: "x@posthog.com", created_by: { uuid: self.uuid } });
    }
    expect(await inviteCount()).toBe(1);
  });

  it("test_can_specify_private_project_access_in_invite", async () => {
    const team = await project(true);
    await grant(team, self.email, "admin");
    await setLevel(h, self.uuid, ADMIN);
    const first = await projectInvite("x@posthog.com", team);
    await expectProjectInvite(first, team, 1);

    // A plain member of the org who is an admin of the project may still invite project admins.
    await setLevel(h, self.uuid, MEMBER);
    const second = await projectInvite("y@posthog.com", team);
    await expectProjectInvite(second, team, 2);
  });

  it("test_can_invite_to_private_project_if_user_has_implicit_access_to_team", async () => {
    await setLevel(h, self.uuid, ADMIN);
    const team = await project(true);
    const r = await projectInvite("x@posthog.com", team);
    await expectProjectInvite(r, team, 1);
  });

  it("test_invite_fails_if_team_in_private_project_access_not_in_org", async () => {
    // The emulator's other organizations hold no projects: an id that is not in this org stands for one.
    const r = await projectInvite("x@posthog.com", 987654);
    expect(r.status).toBe(400);
    expect(r.body).toEqual(projectAccessError(NO_PROJECT));
    expect(await inviteCount()).toBe(0);
  });

  it("test_invite_fails_if_inviter_does_not_have_access_to_team", async () => {
    const team = await project(true);
    const r = await projectInvite("xx@posthog.com", team);
    expect(r.status).toBe(400);
    expect(r.body).toEqual(projectAccessError(NO_PROJECT));
    expect(await inviteCount()).toBe(0);
  });

  it("test_invite_fails_if_inviter_level_is_lower_than_requested_level", async () => {
    const team = await project(true);
    await grant(team, self.email, "member");
    const r = await projectInvite("x@posthog.com", team);
    expect(r.status).toBe(400);
    expect(r.body).toEqual(
      projectAccessError("You cannot invite to a private project with a higher level than your own."),
    );
    expect(await inviteCount()).toBe(0);
  });

  it("test_cannot_create_invite_for_another_org", async () => {
    const r = await self.call("POST", invitesOf(await alienOrg()), { target_email: "x@posthog.com" });
    expect(r.status).toBe(403);
    expect(r.body).toEqual(permissionDeniedResponse);
    expect(await inviteCount()).toBe(0);
  });

  it("test_allow_bulk_creating_invites", async () => {
    await h.control("POST", "/settings", { emailAvailable: true });
    const payload = bulkPayload(7);
    const r = await self.call("POST", `${INVITES}bulk/`, payload);
    expect(r.status).toBe(201);
    expect(await inviteCount()).toBe(7);
    expect(r.body).toHaveLength(7);
    const stored = await listInvites();
    r.body.forEach((item: Record<string, unknown>, i: number) => {
      const instance = stored.find((inv) => inv.id === item.id);
      expect(instance).toMatchObject({
        target_email: payload[i].target_email,
        first_name: payload[i].first_name,
      });
      expect(item).toMatchObject({
        target_email: payload[i].target_email,
        first_name: payload[i].first_name,
      });
      // Emails are sent: each invite records the attempt.
      expect(item.emailing_attempt_made).toBe(true);
    });
  });

  it("test_maximum_20_invites_per_request", async () => {
    await h.control("POST", "/settings", { emailAvailable: true });
    const r = await self.call("POST", `${INVITES}bulk/`, bulkPayload(21));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      type: "validation_error",
      code: "max_length",
      detail: "A maximum of 20 invites can be sent in a single request.",
      attr: null,
    });
    expect(await inviteCount()).toBe(0);
  });

  it("test_invites_are_created_atomically", async () => {
    const payload: Array<Record<string, unknown>> = bulkPayload(5);
    payload[4].target_email = null;
    const r = await self.call("POST", `${INVITES}bulk/`, payload);
    expect(r.status).toBe(400);
    expect(await inviteCount()).toBe(0);
  });

  it("test_cannot_bulk_create_invites_for_another_organization", async () => {
    const r = await self.call("POST", `${invitesOf(await alienOrg())}bulk/`, bulkPayload(3));
    expect(r.status).toBe(403);
    expect(r.body).toEqual(permissionDeniedResponse);
    expect(await inviteCount()).toBe(0);
  });

  async function ownerInvite(): Promise<string> {
    return (await h.api("POST", INVITES, { target_email: "invited@posthog.com" })).body.id;
  }

  it("test_delete_organization_invite_if_plain_member", async () => {
    const id = await ownerInvite();
    const r = await self.call("DELETE", `${INVITES}${id}`);
    expect(r.status).toBe(403);
    expect(r.body.detail).toContain("Your organization access level is insufficient");
    expect((await listInvites()).map((i) => i.id)).toEqual([id]);
  });

  /** Admins and owners may delete invites: 204 with an empty body, and the invite is gone. */
  async function deletesInvite(level: number): Promise<void> {
    await setLevel(h, self.uuid, level);
    const id = await ownerInvite();
    const r = await self.call("DELETE", `${INVITES}${id}`);
    expect(r.status).toBe(204);
    expect(r.body).toBeUndefined();
    expect(await inviteCount()).toBe(0);
  }

  it("test_delete_organization_invite_if_admin", () => deletesInvite(ADMIN));

  it("test_delete_organization_invite_if_owner", () => deletesInvite(OWNER));

  it("test_combine_pending_invites_combines_levels_and_project_access", async () => {
    const admin = await createActor(h, "admin@posthog.com", ADMIN);
    const team1 = await project(true);
    const team2 = await project(true);
    for (const team of [team1, team2]) await grant(team, self.email, "admin");
    const first = await admin.call("POST", INVITES, {
      target_email: "x@posthog.com",
      level: MEMBER,
      private_project_access: [{ id: team1, level: "member" }],
    });
    const second = await admin.call("POST", INVITES, {
      target_email: "x@posthog.com",
      level: ADMIN,
      private_project_access: [{ id: team2, level: "admin" }],
    });
    const r = await admin.call("POST", INVITES, {
      target_email: "x@posthog.com",
      level: MEMBER,
      private_project_access: [{ id: team1, level: "admin" }],
      combine_pending_invites: true,
    });
    expect(r.status).toBe(201);
    const ids = (await listInvites()).map((i) => i.id);
    expect(ids).not.toContain(first.body.id);
    expect(ids).not.toContain(second.body.id);
    expect(r.body.level).toBe(ADMIN);
    expect(r.body.private_project_access).toHaveLength(2);
    for (const access of [
      { id: team1, level: "admin" },
      { id: team2, level: "admin" },
    ]) {
      expect(r.body.private_project_access).toContainEqual(access);
    }
  });

  /** A combining member invite with nothing pending to combine keeps its own level and no project access. */
  async function combinesNothing(email: string): Promise<void> {
    const r = await self.call("POST", INVITES, {
      target_email: email,
      level: MEMBER,
      combine_pending_invites: true,
    });
    expect(r.status).toBe(201);
    expect(r.body.level).toBe(MEMBER);
    expect(r.body.target_email).toBe(email);
    expect(r.body.private_project_access).toEqual([]);
  }

  it("test_combine_pending_invites_with_no_existing_invites", () => combinesNothing("x@posthog.com"));

  it("test_combine_pending_invites_with_expired_invites", async () => {
    await h.control("POST", "/clock", { now: "2023-01-05T00:00:00Z" });
    await h.api("POST", INVITES, { target_email: "xyz@posthog.com", level: ADMIN });
    await h.control("POST", "/clock", { now: "2024-01-10T00:00:00Z" });
    await combinesNothing("xyz@posthog.com");
  });

  it("test_combine_pending_invites_false_expires_existing_invites", async () => {
    const admin = await createActor(h, "admin@posthog.com", ADMIN);
    const first = await admin.call("POST", INVITES, { target_email: "x@posthog.com", level: ADMIN });
    const r = await admin.call("POST", INVITES, {
      target_email: "x@posthog.com",
      level: MEMBER,
      combine_pending_invites: false,
    });
    expect(r.status).toBe(201);
    expect((await listInvites()).map((i) => i.id)).not.toContain(first.body.id);
    expect(r.body.level).toBe(MEMBER);
  });

  /** An inviter of `own` level inviting at `level` above it: 403 and nothing created. */
  async function refusedAbove(own: number, level: number, target: string): Promise<void> {
    const inviter = await createActor(h, own === MEMBER ? "member@posthog.com" : "admin@posthog.com", own);
    const r = await inviter.call("POST", invitesOf(h.em.organizationId), { target_email: target, level });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe("You cannot invite a user with a higher permission level than your own.");
    expect(await inviteCount()).toBe(0);
  }

  /** An inviter inviting at their own level: created, once, at that level. */
  async function invitesOwnLevel(level: number, target: string): Promise<void> {
    const inviter = await createActor(
      h,
      level === MEMBER ? "member@posthog.com" : "admin@posthog.com",
      level,
    );
    const r = await inviter.call("POST", invitesOf(h.em.organizationId), { target_email: target, level });
    expect(r.status).toBe(201);
    const invites = await listInvites();
    expect(invites.filter((i) => i.target_email === target)).toHaveLength(1);
    expect(invites[0].level).toBe(level);
  }

  it("test_member_cannot_invite_admin", () => refusedAbove(MEMBER, ADMIN, "new_admin@posthog.com"));

  it("test_admin_cannot_invite_owner", () => refusedAbove(ADMIN, OWNER, "new_owner@posthog.com"));

  it("test_member_can_invite_member", () => invitesOwnLevel(MEMBER, "new_member@posthog.com"));

  it("test_admin_can_invite_admin", () => invitesOwnLevel(ADMIN, "new_admin@posthog.com"));

  it("test_bulk_invite_with_higher_permission_level", async () => {
    const member = await createActor(h, "member@posthog.com");
    const r = await member.call("POST", `${invitesOf(h.em.organizationId)}bulk/`, [
      { target_email: "new_member@posthog.com", level: MEMBER },
      { target_email: "new_admin@posthog.com", level: ADMIN },
      { target_email: "another_member@posthog.com", level: MEMBER },
    ]);
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe("You cannot invite a user with a higher permission level than your own.");
    expect(await inviteCount()).toBe(0);
  });

  it("test_bulk_invite_with_same_permission_level", async () => {
    const member = await createActor(h, "member@posthog.com");
    const r = await member.call("POST", `${invitesOf(h.em.organizationId)}bulk/`, [
      { target_email: "new_member1@posthog.com", level: MEMBER },
      { target_email: "new_member2@posthog.com", level: MEMBER },
    ]);
    expect(r.status).toBe(201);
    expect((await listInvites()).map((i) => i.target_email).sort()).toEqual([
      "new_member1@posthog.com",
      "new_member2@posthog.com",
    ]);
  });

  const single = { target_email: "test@posthog.com", level: MEMBER };
  const bulk = [{ target_email: "test1@posthog.com", level: MEMBER }];

  it("test_member_cannot_invite_when_members_can_invite_false_and_feature_available", async () => {
    const member = await createActor(h, "member@posthog.com");
    await inviteSettings(false);
    expect((await member.call("POST", invitesOf(h.em.organizationId), single)).status).toBe(403);
    expect((await member.call("POST", `${invitesOf(h.em.organizationId)}bulk/`, bulk)).status).toBe(403);
  });

  it("test_member_cannot_delete_invite_when_members_can_invite_false", async () => {
    const member = await createActor(h, "member@posthog.com");
    await inviteSettings(false);
    const admin = await createActor(h, "admin@posthog.com", ADMIN);
    const id = (await admin.call("POST", INVITES, { target_email: "invited@posthog.com" })).body.id;
    expect((await member.call("DELETE", `${INVITES}${id}`)).status).toBe(403);
    expect((await listInvites()).map((i) => i.id)).toEqual([id]);
  });

  it("test_member_can_invite_when_members_can_invite_true_and_feature_available", async () => {
    const member = await createActor(h, "member@posthog.com");
    await inviteSettings(true);
    expect((await member.call("POST", invitesOf(h.em.organizationId), single)).status).toBe(201);
    expect((await member.call("POST", `${invitesOf(h.em.organizationId)}bulk/`, bulk)).status).toBe(201);
  });

  it("test_admin_can_always_invite_regardless_of_members_can_invite", async () => {
    const admin = await createActor(h, "admin@posthog.com", ADMIN);
    await inviteSettings(false);
    expect((await admin.call("POST", invitesOf(h.em.organizationId), single)).status).toBe(201);
    expect((await admin.call("POST", `${invitesOf(h.em.organizationId)}bulk/`, bulk)).status).toBe(201);
  });

  it("test_member_can_invite_when_feature_not_available", async () => {
    const member = await createActor(h, "member@posthog.com");
    await h.control("POST", "/settings", { inviteSettingsAvailable: false, membersCanInvite: false });
    expect((await member.call("POST", invitesOf(h.em.organizationId), single)).status).toBe(201);
    expect((await member.call("POST", `${invitesOf(h.em.organizationId)}bulk/`, bulk)).status).toBe(201);
  });

  async function inviteToTeam(actor: Actor, team: number) {
    return actor.call("POST", invitesOf(h.em.organizationId), {
      target_email: "test@posthog.com",
      private_project_access: [{ id: team, level: "member" }],
    });
  }
  function expectTeamInvite(invite: Record<string, unknown>, team: number) {
    expect(invite.private_project_access).toEqual([{ id: team, level: "member" }]);
  }

  it("test_can_invite_with_new_access_control_as_org_admin", async () => {
    const team = await project(false);
    const admin = await createActor(h, "admin@posthog.com", ADMIN);
    const r = await inviteToTeam(admin, team);
    expect(r.status).toBe(201);
    expectTeamInvite((await listInvites())[0], team);
  });

  it("test_can_invite_with_new_access_control_as_org_member_to_non_private_team", async () => {
    const team = await project(false);
    const member = await createActor(h, "member@posthog.com");
    const r = await inviteToTeam(member, team);
    expect(r.status).toBe(201);
    expectTeamInvite((await listInvites())[0], team);
  });

  it("test_cannot_invite_with_new_access_control_as_org_member_to_private_team", async () => {
    const team = await project(true);
    const member = await createActor(h, "member@posthog.com");
    const r = await inviteToTeam(member, team);
    expect(r.status).toBe(400);
    expect(r.body.detail).toContain(
      "Project does not exist on this organization, or it is private and you do not have access to it",
    );
  });

  it("test_can_invite_with_new_access_control_as_team_admin", async () => {
    const team = await project(true);
    const member = await createActor(h, "member@posthog.com");
    await grant(team, member.email, "admin");
    const r = await inviteToTeam(member, team);
    expect(r.status).toBe(201);
    expectTeamInvite((await listInvites())[0], team);
  });

  it("test_add_organization_invite_case_insensitive_email_normalization", async () => {
    await h.control("POST", "/settings", { emailAvailable: true });
    const r = await self.call("POST", INVITES, { target_email: "Test.User@Example.COM" });
    expect(r.status).toBe(201);
    expect((await listInvites()).map((i) => i.target_email)).toEqual(["test.user@example.com"]);
    expect(r.body.target_email).toBe("test.user@example.com");
  });

  it("test_add_organization_invite_case_insensitive_duplicate_prevention", async () => {
    await h.control("POST", "/settings", { emailAvailable: true });
    expect((await self.call("POST", INVITES, { target_email: "user@example.com" })).status).toBe(201);
    expect(await inviteCount()).toBe(1);
    expect((await self.call("POST", INVITES, { target_email: "User@Example.COM" })).status).toBe(201);
    expect(await inviteCount()).toBe(1);
  });

  it("test_add_organization_invite_case_insensitive_existing_member_check", async () => {
    await h.control("POST", "/members", { email: "Existing.User@Example.COM", first_name: "Existing" });
    const r = await self.call("POST", INVITES, { target_email: "existing.user@example.com" });
    expect(r.status).toBe(400);
    expect(await inviteCount()).toBe(0);
  });
});
