// An Invite the state still shows pending whose person accepted since the last refresh, through the real plugin
// against the emulator, with no `pulumi refresh` in between: a delete with removeMemberOnDelete offboards them, a
// level change is PATCHed onto the membership, and nobody is invited again.
import { Invite, InviteArgs } from "../../src";
import type { LoggedRequest } from "../support/stack";
import { rosterStack } from "./roster-stack";

const stack = rosterStack();

const program = (args: InviteArgs) => () => {
  new Invite("person", args);
};
const summary = (requests: LoggedRequest[]) => requests.map((r) => `${r.method} ${r.path} ${r.status}`);
const invitesPath = () => `/api/organizations/${stack().organizationId}/invites/`;
const membersPath = () => `/api/organizations/${stack().organizationId}/members/`;

interface Dump {
  invites: { id: string; target_email: string; level: number }[];
  members: { user: { email: string; uuid: string }; level: number }[];
}
const dump = () => stack().control<Dump>("GET", "/state");
const memberOf = async (email: string) => (await dump()).members.find((m) => m.user.email === email);

/** Invites through Pulumi, then the person accepts in PostHog: the state still says pending. */
async function acceptedOutside(args: InviteArgs) {
  const engine = stack().newEngine();
  expect((await engine.up(program(args))).errors).toEqual([]);
  const [stored] = engine.state();
  expect(stored.outputs.status).toBe("pending");
  const member = await stack().control<{ user: { uuid: string } }>("POST", `/invites/${stored.id}/accept`);
  await stack().clearRequests();
  return { engine, stored, uuid: member.user.uuid };
}

describe("Invite accepted since the last refresh", () => {
  it("removed from the program with removeMemberOnDelete: the member is removed, nobody is invited", async () => {
    const { engine, stored, uuid } = await acceptedOutside({
      targetEmail: "ann@example.com",
      sendEmail: false,
      removeMemberOnDelete: true,
    });
    const up = await engine.up(() => undefined);
    expect(up.errors).toEqual([]);
    expect(up.steps.map((s) => s.op)).toEqual(["delete"]);
    expect(summary(await stack().requests())).toEqual([
      `DELETE ${invitesPath()}${stored.id}/ 404`,
      `GET ${membersPath()} 200`,
      `DELETE ${membersPath()}${uuid}/ 204`,
    ]);
    expect(await memberOf("ann@example.com")).toBeUndefined();
    expect(engine.state()).toEqual([]);
  });

  it("removed from the program without removeMemberOnDelete: the member stays", async () => {
    const { engine, stored } = await acceptedOutside({ targetEmail: "ben@example.com", sendEmail: false });
    const up = await engine.up(() => undefined);
    expect(up.errors).toEqual([]);
    expect(summary(await stack().requests())).toEqual([`DELETE ${invitesPath()}${stored.id}/ 404`]);
    expect((await memberOf("ben@example.com"))?.level).toBe(1);
    expect(engine.state()).toEqual([]);
  });

  it("a level change is one PATCH of the membership; the preview says update and names both outcomes", async () => {
    const args: InviteArgs = { targetEmail: "cat@example.com", sendEmail: false, removeMemberOnDelete: true };
    const { engine, stored, uuid } = await acceptedOutside(args);
    const admin = { ...args, level: "admin" as const };

    const before = stack().server.engineLog().length;
    const preview = await engine.preview(program(admin));
    expect(preview.errors).toEqual([]);
    expect(preview.steps.map((s) => [s.op, s.replaceKeys])).toEqual([["update", []]]);
    expect(await stack().requests()).toEqual([]);
    expect(stack().server.engineLog().slice(before)).toContain(
      'warning: Invite "cat@example.com": level changed. At `pulumi up`, if cat@example.com has not accepted yet, ' +
        "a new invitation with these terms replaces the pending one (PostHog cannot edit an invite); if they have " +
        "accepted since, only the level is applied, to their membership, and nothing is sent.",
    );

    const up = await engine.up(program(admin));
    expect(up.errors).toEqual([]);
    expect(up.steps.map((s) => s.op)).toEqual(["update"]);
    const requests = await stack().requests();
    expect(summary(requests)).toEqual([
      `GET ${invitesPath()} 200`,
      `GET ${membersPath()} 200`,
      `PATCH ${membersPath()}${uuid}/ 200`,
    ]);
    expect(requests[2].body).toEqual({ level: 8 });
    expect((await memberOf("cat@example.com"))?.level).toBe(8);
    expect((await dump()).invites).toEqual([]);
    expect(engine.state()[0]).toMatchObject({
      id: stored.id,
      outputs: { status: "accepted", level: "admin", userUuid: uuid },
    });
    await stack().clearRequests();
    expect((await engine.preview(program(admin))).steps.map((s) => s.op)).toEqual(["same"]);

    // Removing the Invite reads the member list once (the membership must be the one the state names,
    // acceptance.ts), then deletes the membership by its uuid.
    expect((await engine.up(() => undefined)).errors).toEqual([]);
    expect(summary(await stack().requests())).toEqual([
      `GET ${membersPath()} 200`,
      `DELETE ${membersPath()}${uuid}/ 204`,
    ]);
    expect(await memberOf("cat@example.com")).toBeUndefined();
  });

  it("still pending: a level change sends one new invitation in place of the old one", async () => {
    const args: InviteArgs = { targetEmail: "dan@example.com", sendEmail: false, removeMemberOnDelete: true };
    const engine = stack().newEngine();
    expect((await engine.up(program(args))).errors).toEqual([]);
    const [stored] = engine.state();
    await stack().clearRequests();

    const up = await engine.up(program({ ...args, level: "admin" }));
    expect(up.errors).toEqual([]);
    expect(up.steps.map((s) => s.op)).toEqual(["update"]);
    const requests = await stack().requests();
    // The invites read just before the POST, and the newest page just after it (interrupted.ts, replacedSince).
    expect(summary(requests)).toEqual([
      `GET ${invitesPath()} 200`,
      `POST ${invitesPath()} 201`,
      `GET ${invitesPath()} 200`,
    ]);
    expect(requests[1].body).toMatchObject({ target_email: "dan@example.com", level: 8 });
    const invites = (await dump()).invites.filter((i) => i.target_email === "dan@example.com");
    expect(invites.map((i) => [i.id, i.level])).toEqual([[engine.state()[0].outputs.inviteId, 8]]);
    expect(invites[0].id).not.toBe(stored.id);
    expect(engine.state()[0]).toMatchObject({
      id: stored.id,
      outputs: { status: "pending", level: "admin" },
    });

    // Deleting it deletes the new invite (by `inviteId`), and nobody is a member to remove.
    await stack().clearRequests();
    expect((await engine.up(() => undefined)).errors).toEqual([]);
    expect(summary(await stack().requests())).toEqual([`DELETE ${invitesPath()}${invites[0].id}/ 204`]);
    expect((await dump()).invites.filter((i) => i.target_email === "dan@example.com")).toEqual([]);
  });
});
