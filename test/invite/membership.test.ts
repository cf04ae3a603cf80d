// From invitation to membership, through the real plugin against the emulator: after acceptance an Invite's level
// is the member's level (PATCHed, refreshed, drift restored), and removeMemberOnDelete offboards the person.
import { Invite, InviteArgs } from "../../src";
import type { LoggedRequest } from "../support/stack";
import { rosterStack } from "./roster-stack";

const stack = rosterStack();

const program = (args: InviteArgs) => () => {
  new Invite("person", args);
};
const summary = (requests: LoggedRequest[]) => requests.map((r) => `${r.method} ${r.path} ${r.status}`);
const membersPath = () => `/api/organizations/${stack().organizationId}/members/`;

interface Dump {
  members: { user: { email: string; uuid: string }; level: number }[];
}
const memberOf = async (email: string) =>
  (await stack().control<Dump>("GET", "/state")).members.find((m) => m.user.email === email);

/** Invites `email` through Pulumi, accepts in the emulator, refreshes: the Invite is now a member's. */
async function acceptedInvite(args: InviteArgs) {
  const engine = stack().newEngine();
  expect((await engine.up(program(args))).errors).toEqual([]);
  const member = await stack().control<{ id: string; user: { uuid: string } }>(
    "POST",
    `/invites/${engine.state()[0].id}/accept`,
  );
  expect((await engine.refresh()).errors).toEqual([]);
  return { engine, member };
}

describe("Invite after acceptance", () => {
  it("changes the level with one PATCH, shows drift made in the UI, restores it, and offboards on delete", async () => {
    const args: InviteArgs = { targetEmail: "alice@example.com", firstName: "Alice", sendEmail: false };
    const { engine, member } = await acceptedInvite(args);
    expect(engine.state()[0].outputs).toMatchObject({
      status: "accepted",
      level: "member",
      memberId: member.id,
      userUuid: member.user.uuid,
    });

    // 2. Promote: an update (not a replacement), one PATCH, no invitation.
    const admin = { ...args, level: "admin" as const };
    await stack().clearRequests();
    const preview = await engine.preview(program(admin));
    expect(preview.steps.map((s) => [s.op, s.replaceKeys])).toEqual([["update", []]]);
    expect(await stack().requests()).toEqual([]);
    const promoted = await engine.up(program(admin));
    expect(promoted.errors).toEqual([]);
    expect(promoted.steps.map((s) => s.op)).toEqual(["update"]);
    const requests = await stack().requests();
    expect(summary(requests)).toEqual([`PATCH ${membersPath()}${member.user.uuid}/ 200`]);
    expect(requests[0].body).toEqual({ level: 8 });
    expect((await memberOf("alice@example.com"))?.level).toBe(8);
    expect(engine.state()[0].outputs.level).toBe("admin");
    expect((await engine.preview(program(admin))).steps.map((s) => s.op)).toEqual(["same"]);

    // 3. Demoted in the UI: refresh reports it, the next up restores it.
    await stack().control("PATCH", `/members/${member.user.uuid}`, { level: 1 });
    await stack().clearRequests();
    const refresh = await engine.refresh();
    expect(refresh.errors).toEqual([]);
    expect(summary(await stack().requests())).toEqual([
      `GET /api/organizations/${stack().organizationId}/invites/ 200`,
      `GET ${membersPath()} 200`,
    ]);
    expect(engine.state()[0].outputs.level).toBe("member");
    expect((await engine.preview(program(admin))).steps.map((s) => s.op)).toEqual(["update"]);
    await stack().clearRequests();
    expect((await engine.up(program(admin))).errors).toEqual([]);
    expect(summary(await stack().requests())).toEqual([`PATCH ${membersPath()}${member.user.uuid}/ 200`]);
    expect((await memberOf("alice@example.com"))?.level).toBe(8);

    // 4. Arm removal: recorded (no request), with a warning naming the person; then remove from the roster.
    const armed = { ...admin, removeMemberOnDelete: true };
    const before = stack().server.engineLog().length;
    await stack().clearRequests();
    const arm = await engine.up(program(armed));
    expect(arm.errors).toEqual([]);
    expect(arm.steps.map((s) => s.op)).toEqual(["update"]);
    expect(await stack().requests()).toEqual([]);
    expect(stack().server.engineLog().slice(before)).toContain(
      `warning: Invite "alice@example.com": removeMemberOnDelete is on: deleting this resource will REMOVE alice@example.com from organization ${stack().organizationId}.`,
    );
    const removalPreview = await engine.preview(() => undefined);
    expect(removalPreview.steps.map((s) => s.op)).toEqual(["delete"]);
    await stack().clearRequests();
    const removed = await engine.up(() => undefined);
    expect(removed.errors).toEqual([]);
    expect(summary(await stack().requests())).toEqual([
      `GET ${membersPath()} 200`,
      `DELETE ${membersPath()}${member.user.uuid}/ 204`,
    ]);
    expect(await memberOf("alice@example.com")).toBeUndefined();
  });

  it("without removeMemberOnDelete, deleting the resource leaves the member in the organization", async () => {
    const { engine } = await acceptedInvite({ targetEmail: "bob@example.com", sendEmail: false });
    await stack().clearRequests();
    expect((await engine.destroy()).errors).toEqual([]);
    expect(await stack().requests()).toEqual([]);
    expect(await memberOf("bob@example.com")).toBeDefined();
  });

  it("removing an owner is refused with PostHog's message, at up, and at preview when state shows the owner", async () => {
    const args: InviteArgs = {
      targetEmail: "olga@example.com",
      sendEmail: false,
      removeMemberOnDelete: true,
    };
    const { engine, member } = await acceptedInvite(args);
    await stack().control("PATCH", `/members/${member.user.uuid}`, { level: 15 });
    expect((await engine.refresh()).errors).toEqual([]);
    expect(engine.state()[0].outputs.level).toBe("owner");

    // Replacing the Invite (another person) would remove her: state already tells, so the preview fails.
    await stack().clearRequests();
    const preview = await engine.preview(
      program({ ...args, level: "owner", targetEmail: "someone@example.com" }),
    );
    expect(preview.errors.map((e) => e.message).join("\n")).toContain(
      'Invite "olga@example.com": olga@example.com is an owner and cannot be removed from the organization; PostHog refuses with "Cannot leave the organization as its owner!".',
    );
    expect(await stack().requests()).toEqual([]);

    // Destroying asks PostHog, which refuses: the member stays, and so does the resource.
    await stack().clearRequests();
    const destroy = await engine.destroy();
    expect(destroy.errors).toHaveLength(1);
    expect(destroy.errors[0].message).toContain(
      `Invite "olga@example.com": could not remove olga@example.com from organization ${stack().organizationId}. PostHog API DELETE ${membersPath()}${member.user.uuid}/ failed with 400 invalid_input: Cannot leave the organization as its owner!`,
    );
    expect(summary(await stack().requests())).toEqual([
      `GET ${membersPath()} 200`,
      `DELETE ${membersPath()}${member.user.uuid}/ 400`,
    ]);
    expect((await memberOf("olga@example.com"))?.level).toBe(15);
    expect(engine.state()).toHaveLength(1);
  });

  it("a level change the key's user may not make fails at up with PostHog's exact error", async () => {
    const args: InviteArgs = { targetEmail: "paul@example.com", sendEmail: false };
    const { engine, member } = await acceptedInvite(args);
    const path = `${membersPath()}${member.user.uuid}/`;

    // The key's user is only an admin: PostHog lets admins promote up to admin, never to owner.
    await stack().control("PATCH", "/members/@me", { level: 8 });
    const owner = await engine.up(program({ ...args, level: "owner" }));
    expect(owner.errors.map((e) => e.message)).toEqual([
      `Invite "paul@example.com": could not change the level of paul@example.com to owner. PostHog API PATCH ${path} failed with 403 permission_denied: You can only make another member owner if you're this organization's owner.`,
    ]);
    // Only a plain member: PostHog refuses any edit of someone else.
    await stack().control("PATCH", "/members/@me", { level: 1 });
    const admin = await engine.up(program({ ...args, level: "admin" }));
    expect(admin.errors.map((e) => e.message)).toEqual([
      `Invite "paul@example.com": could not change the level of paul@example.com to admin. PostHog API PATCH ${path} failed with 403 permission_denied: You can only edit others if you are an admin.`,
    ]);
    expect(engine.state()[0].outputs.level).toBe("member");
    expect((await memberOf("paul@example.com"))?.level).toBe(1);
  });
});
