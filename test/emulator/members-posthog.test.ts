// PostHog's posthog/api/test/test_organization_members.py, one test per test function, over HTTP against the
// emulator. docs/contributing/posthog-org-tests.md lists every function: ported or skipped, and why.
import { noKeyAccess, useHarness } from "./helpers";
import {
  ADMIN,
  createActor,
  MEMBER,
  OWNER,
  permissionDeniedResponse,
  setLevel,
  type Actor,
} from "./members-org-helpers";

const h = useHarness();
let self: Actor;
beforeEach(async () => {
  self = await createActor(h, "self@posthog.com", MEMBER, "Self");
});

const MEMBERS = "/api/organizations/@current/members/";
type Member = { id: string; level: number; user: Record<string, unknown> };
const members = async (): Promise<Member[]> => (await h.api("GET", MEMBERS)).body.results;
const memberOf = async (uuid: string) => (await members()).find((m) => m.user.uuid === uuid);
const denied = (detail: string) => ({
  attr: null,
  code: "permission_denied",
  detail,
  type: "authentication_error",
});

describe("TestOrganizationMembersAPI", () => {
  it("test_list_organization_members", async () => {
    // The owner behind the admin key is left out of the list here so the counts match the Python test's
    // organization: self.user plus one active and one deactivated user.
    await h.control("PATCH", "/members/@me", { is_active: false });
    await h.control("POST", "/members", { email: "1@posthog.com" });
    await h.control("POST", "/members", { email: "2@posthog.com", is_active: false });
    const r = await self.call("GET", MEMBERS);
    expect(r.status).toBe(200);
    const data = r.body.results;
    expect(data).toHaveLength(2);
    const instance = (await self.call("GET", `${MEMBERS}?email=${encodeURIComponent(data[0].user.email)}`))
      .body.results[0];
    expect(data[0].user.uuid).toBe(instance.user.uuid);
    expect(data[0].user.first_name).toBe(instance.user.first_name);
  });

  it("test_cant_list_members_for_an_alien_organization", async () => {
    const org = (await h.control("POST", "/organizations")).body.id;
    const list = await self.call("GET", `/api/organizations/${org}/members/`);
    expect(list.status).toBe(403);
    expect(list.body).toEqual(permissionDeniedResponse);
    // Even though there's no retrieve for members, permissions are validated first.
    const one = await self.call("GET", `/api/organizations/${org}/members/${self.uuid}`);
    expect(one.status).toBe(403);
    expect(one.body).toEqual(noKeyAccess); // the key's answer; a session would get the default 403
  });

  it("test_delete_organization_member", async () => {
    const user = await createActor(h, "test@x.com", MEMBER, "X");
    expect(await memberOf(user.uuid)).toBeDefined();
    const first = await self.call("DELETE", `${MEMBERS}${user.uuid}/`);
    expect(first.status).toBe(403);
    expect(await memberOf(user.uuid)).toBeDefined();
    await setLevel(h, self.uuid, ADMIN);
    const second = await self.call("DELETE", `${MEMBERS}${user.uuid}/`);
    expect(second.status).toBe(204);
    expect(await memberOf(user.uuid)).toBeUndefined();
  });

  it("test_leave_organization", async () => {
    expect(await memberOf(self.uuid)).toBeDefined();
    const r = await self.call("DELETE", `${MEMBERS}${self.uuid}/`);
    expect(r.status).toBe(204);
    expect(await memberOf(self.uuid)).toBeUndefined();
  });

  it("test_change_organization_member_level", async () => {
    await setLevel(h, self.uuid, OWNER);
    const user = await createActor(h, "test@x.com", MEMBER, "X");
    expect((await memberOf(user.uuid))?.level).toBe(MEMBER);
    const r = await self.call("PATCH", `${MEMBERS}${user.uuid}`, { level: ADMIN });
    expect(r.status).toBe(200);
    const updated = await memberOf(user.uuid);
    expect(updated?.level).toBe(ADMIN);
    const { joined_at, updated_at, last_login, search_match_type, ...rest } = r.body;
    expect([typeof joined_at, typeof updated_at, last_login, search_match_type]).toEqual([
      "string",
      "string",
      null,
      null,
    ]);
    expect(rest).toEqual({
      id: updated?.id,
      is_2fa_enabled: false,
      has_social_auth: false,
      user: {
        id: updated?.user.id,
        uuid: user.uuid,
        distinct_id: updated?.user.distinct_id,
        first_name: "X",
        last_name: "",
        email: "test@x.com",
        is_email_verified: updated?.user.is_email_verified,
        hedgehog_config: null,
        role_at_organization: null,
      },
      level: ADMIN,
    });
  });

  it("test_admin_can_promote_to_admin", async () => {
    await setLevel(h, self.uuid, ADMIN);
    const user = await createActor(h, "test@x.com", MEMBER, "X");
    const r = await self.call("PATCH", `${MEMBERS}${user.uuid}`, { level: ADMIN });
    expect(r.status).toBe(200);
    expect((await memberOf(user.uuid))?.level).toBe(ADMIN);
  });

  it("test_change_organization_member_level_requires_admin", async () => {
    const user = await createActor(h, "test@x.com", MEMBER, "X");
    const r = await self.call("PATCH", `${MEMBERS}${user.uuid}/`, { level: ADMIN });
    expect((await memberOf(user.uuid))?.level).toBe(MEMBER);
    expect(r.body).toEqual(denied("You can only edit others if you are an admin."));
    expect(r.status).toBe(403);
  });

  it("test_cannot_change_own_organization_member_level", async () => {
    await setLevel(h, self.uuid, ADMIN);
    const r = await self.call("PATCH", `${MEMBERS}${self.uuid}`, { level: MEMBER });
    expect((await memberOf(self.uuid))?.level).toBe(ADMIN);
    expect(r.body).toEqual(denied("You can't change your own access level."));
    expect(r.status).toBe(403);
  });

  it("test_add_another_owner", async () => {
    const user = await createActor(h, "test@x.com", MEMBER, "X");
    await setLevel(h, self.uuid, OWNER);
    const r = await self.call("PATCH", `${MEMBERS}${user.uuid}/`, { level: OWNER });
    expect(r.status).toBe(200);
    expect((await memberOf(self.uuid))?.level).toBe(OWNER);
    expect((await memberOf(user.uuid))?.level).toBe(OWNER);
    // The admin key's owner is this emulated organization's third owner.
    expect((await members()).filter((m) => m.level === OWNER)).toHaveLength(3);
  });

  it("test_add_owner_only_if_owner", async () => {
    const user = await createActor(h, "test@x.com", MEMBER, "X");
    await setLevel(h, self.uuid, ADMIN);
    const r = await self.call("PATCH", `${MEMBERS}${user.uuid}/`, { level: OWNER });
    expect(r.body).toEqual(
      denied("You can only make another member owner if you're this organization's owner."),
    );
    expect(r.status).toBe(403);
    expect((await memberOf(self.uuid))?.level).toBe(ADMIN);
    expect((await memberOf(user.uuid))?.level).toBe(MEMBER);
  });

  it("test_list_organization_members_filter_by_email", async () => {
    const user1 = await createActor(h, "specific@posthog.com");
    await h.control("POST", "/members", { email: "another@posthog.com" });
    const r = await self.call("GET", `${MEMBERS}?email=specific@posthog.com`);
    expect(r.status).toBe(200);
    expect(r.body.results).toHaveLength(1);
    expect(r.body.results[0].user.email).toBe("specific@posthog.com");
    expect(r.body.results[0].user.uuid).toBe(user1.uuid);
  });
});
