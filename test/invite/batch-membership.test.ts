// An InviteBatch as a team roster, through the real plugin against the emulator: once people accept, the batch
// changes their level with one PATCH each and, with removeMemberOnDelete, removing them offboards them.
import { InviteBatch, InviteBatchArgs } from "../../src";
import type { BatchPerson } from "../../src";
import type { LoggedRequest } from "../support/stack";
import { rosterStack } from "./roster-stack";

const stack = rosterStack();

const program = (args: InviteBatchArgs) => () => {
  new InviteBatch("team", args);
};
const email = (i: number) => `user${i}@example.com`;
const roster = (count: number): BatchPerson[] =>
  Array.from({ length: count }, (_, i) => ({ targetEmail: email(i), firstName: `U${i}` }));
const summary = (requests: LoggedRequest[]) => requests.map((r) => `${r.method} ${r.path} ${r.status}`);

interface Dump {
  members: { user: { email: string; uuid: string }; level: number }[];
  invites: { target_email: string }[];
}
const dump = () => stack().control<Dump>("GET", "/state");
type Invitations = Record<string, { inviteId: string; status: string; userUuid?: string }>;

/** A batch of `count` people, the first `accepted` of whom have accepted (and the batch has refreshed). */
async function acceptedBatch(args: InviteBatchArgs, accepted: number) {
  const engine = stack().newEngine();
  expect((await engine.up(program(args))).errors).toEqual([]);
  const sent = engine.state()[0].outputs.invitations as Invitations;
  const uuids = new Map<string, string>();
  for (let i = 0; i < accepted; i++) {
    const member = await stack().control<{ user: { uuid: string } }>(
      "POST",
      `/invites/${sent[email(i)].inviteId}/accept`,
    );
    uuids.set(email(i), member.user.uuid);
  }
  expect((await engine.refresh()).errors).toEqual([]);
  return { engine, uuids };
}

describe("InviteBatch as a roster", () => {
  it("30 people, 10 accepted: five level changes and three removals cost exactly the requests needed", async () => {
    const people = roster(30);
    // user9 keeps their membership whatever the batch says.
    people[9] = { ...people[9], removeMemberOnDelete: false };
    const base: InviteBatchArgs = { invites: people, sendEmail: false, removeMemberOnDelete: true };
    const { engine, uuids } = await acceptedBatch(base, 10);
    const before = engine.state()[0].outputs.invitations as Invitations;
    expect(Object.values(before).filter((i) => i.status === "accepted")).toHaveLength(10);
    expect(before[email(3)].userUuid).toBe(uuids.get(email(3)));

    // Promote user1..user5 to admin; remove user0 (member: offboarded), user9 (member: kept) and user20 (pending).
    const promoted = new Set([1, 2, 3, 4, 5].map(email));
    const removed = new Set([0, 9, 20].map(email));
    const next: InviteBatchArgs = {
      ...base,
      invites: people
        .filter((p) => !removed.has(p.targetEmail))
        .map((p) => (promoted.has(p.targetEmail) ? { ...p, level: "admin" as const } : p)),
    };

    const written = stack().server.engineLog().length;
    await stack().clearRequests();
    const preview = await engine.preview(program(next));
    expect(preview.errors).toEqual([]);
    expect(preview.steps.map((s) => [s.op, s.replaceKeys])).toEqual([["update", []]]);
    expect(await stack().requests()).toEqual([]);
    const warnings = stack().server.engineLog().slice(written);
    expect(warnings).toContain(
      `warning: InviteBatch: user0@example.com will be REMOVED from organization ${stack().organizationId} (removeMemberOnDelete is on), not just uninvited.`,
    );
    expect(warnings).not.toContain("user9@example.com");
    expect(warnings).not.toContain("user20@example.com");

    await stack().clearRequests();
    const up = await engine.up(program(next));
    expect(up.errors).toEqual([]);
    const requests = await stack().requests();
    const org = `/api/organizations/${stack().organizationId}`;
    expect(summary(requests).sort()).toEqual(
      [
        `DELETE ${org}/invites/${before[email(20)].inviteId}/ 204`,
        // A removal first lists the members, to remove only the membership this invite proved (acceptance.ts).
        `GET ${org}/members/ 200`,
        `DELETE ${org}/members/${uuids.get(email(0))}/ 204`,
        ...[1, 2, 3, 4, 5].map((i) => `PATCH ${org}/members/${uuids.get(email(i))}/ 200`),
      ].sort(),
    );
    for (const r of requests.filter((r) => r.method === "PATCH")) expect(r.body).toEqual({ level: 8 });

    const server = await dump();
    const levels = new Map(server.members.map((m) => [m.user.email, m.level]));
    expect([1, 2, 3, 4, 5].map((i) => levels.get(email(i)))).toEqual([8, 8, 8, 8, 8]);
    expect(levels.has(email(0))).toBe(false);
    expect(levels.get(email(9))).toBe(1);
    expect(server.invites.map((i) => i.target_email)).not.toContain(email(20));
    expect(server.invites).toHaveLength(19);

    const after = engine.state()[0].outputs;
    expect(Object.keys(after.invitations as object)).toHaveLength(27);
    expect((after.invites as { targetEmail: string; level: string }[]).slice(0, 5)).toEqual(
      [1, 2, 3, 4, 5].map((i) => expect.objectContaining({ targetEmail: email(i), level: "admin" })),
    );
    await stack().clearRequests();
    expect((await engine.preview(program(next))).steps.map((s) => s.op)).toEqual(["same"]);
    expect(await stack().requests()).toEqual([]);
  });

  it("refresh reports a level changed in the UI; up restores it; destroy removes members only when asked", async () => {
    const people = roster(3);
    people[2] = { ...people[2], removeMemberOnDelete: true };
    const { engine, uuids } = await acceptedBatch({ invites: people, sendEmail: false }, 3);
    await stack().control("PATCH", `/members/${uuids.get(email(1))}`, { level: 8 });
    expect((await engine.refresh()).errors).toEqual([]);
    const invites = engine.state()[0].outputs.invites as { targetEmail: string; level: string }[];
    expect(invites.map((p) => p.level)).toEqual(["member", "admin", "member"]);

    await stack().clearRequests();
    expect((await engine.up(program({ invites: people, sendEmail: false }))).errors).toEqual([]);
    const org = `/api/organizations/${stack().organizationId}`;
    expect(summary(await stack().requests())).toEqual([`PATCH ${org}/members/${uuids.get(email(1))}/ 200`]);
    expect((await stack().requests())[0].body).toEqual({ level: 1 });

    // Only user2 asked to be removed with the batch.
    await stack().clearRequests();
    expect((await engine.destroy()).errors).toEqual([]);
    expect(summary(await stack().requests())).toEqual([
      `GET ${org}/members/ 200`,
      `DELETE ${org}/members/${uuids.get(email(2))}/ 204`,
    ]);
    const emails = (await dump()).members.map((m) => m.user.email);
    expect(emails).toEqual(expect.arrayContaining([email(0), email(1)]));
    expect(emails).not.toContain(email(2));
  });

  it("removing an owner fails the preview and the up before any request (state shows the owner), with PostHog's message", async () => {
    const people = roster(2);
    const args: InviteBatchArgs = { invites: people, sendEmail: false, removeMemberOnDelete: true };
    const { engine, uuids } = await acceptedBatch(args, 2);
    await stack().control("PATCH", `/members/${uuids.get(email(1))}`, { level: 15 });
    expect((await engine.refresh()).errors).toEqual([]);

    const without = { ...args, invites: [people[0]] };
    await stack().clearRequests();
    const refusal =
      'InviteBatch: user1@example.com is an owner and cannot be removed from the organization; PostHog refuses with "Cannot leave the organization as its owner!".';
    const preview = await engine.preview(program(without));
    expect(preview.errors.map((e) => e.message).join("\n")).toContain(refusal);
    const up = await engine.up(program(without));
    expect(up.errors.map((e) => e.message).join("\n")).toContain(refusal);
    expect(await stack().requests()).toEqual([]);
    expect(Object.keys(engine.state()[0].outputs.invitations as object)).toEqual([email(0), email(1)]);
    expect((await dump()).members.map((m) => m.user.email)).toContain(email(1));
  });

  it("a person who accepted after the last refresh is still offboarded (the invite is gone, the member is not)", async () => {
    const engine = stack().newEngine();
    const args: InviteBatchArgs = { invites: roster(2), sendEmail: false, removeMemberOnDelete: true };
    expect((await engine.up(program(args))).errors).toEqual([]);
    const sent = engine.state()[0].outputs.invitations as Invitations;
    const member = await stack().control<{ user: { uuid: string } }>(
      "POST",
      `/invites/${sent[email(1)].inviteId}/accept`,
    );
    await stack().clearRequests();
    expect((await engine.up(program({ ...args, invites: roster(1) }))).errors).toEqual([]);
    const org = `/api/organizations/${stack().organizationId}`;
    expect(summary(await stack().requests())).toEqual([
      `DELETE ${org}/invites/${sent[email(1)].inviteId}/ 404`,
      `GET ${org}/members/ 200`,
      `DELETE ${org}/members/${member.user.uuid}/ 204`,
    ]);
    expect((await dump()).members.map((m) => m.user.email)).not.toContain(email(1));
  });

  it("without removeMemberOnDelete, a person who accepted after the last refresh stays a member when dropped", async () => {
    const engine = stack().newEngine();
    const args: InviteBatchArgs = { invites: roster(2), sendEmail: false };
    expect((await engine.up(program(args))).errors).toEqual([]);
    const sent = engine.state()[0].outputs.invitations as Invitations;
    await stack().control("POST", `/invites/${sent[email(1)].inviteId}/accept`);
    await stack().clearRequests();
    expect((await engine.up(program({ ...args, invites: roster(1) }))).errors).toEqual([]);
    const org = `/api/organizations/${stack().organizationId}`;
    expect(summary(await stack().requests())).toEqual([
      `DELETE ${org}/invites/${sent[email(1)].inviteId}/ 404`,
    ]);
    expect((await dump()).members.map((m) => m.user.email)).toContain(email(1));
    expect(Object.keys(engine.state()[0].outputs.invitations as Invitations)).toEqual([email(0)]);
  });

  it("a level change for someone who joined since the last refresh finds them a member and PATCHes once", async () => {
    const engine = stack().newEngine();
    const args: InviteBatchArgs = { invites: roster(2), sendEmail: false };
    expect((await engine.up(program(args))).errors).toEqual([]);
    const sent = engine.state()[0].outputs.invitations as Invitations;
    const member = await stack().control<{ user: { uuid: string } }>(
      "POST",
      `/invites/${sent[email(1)].inviteId}/accept`,
    );
    const promoted = roster(2).map((p, i) => (i === 1 ? { ...p, level: "admin" as const } : p));
    await stack().clearRequests();
    expect((await engine.up(program({ ...args, invites: promoted }))).errors).toEqual([]);
    const org = `/api/organizations/${stack().organizationId}`;
    expect(summary(await stack().requests())).toEqual([
      // The run's look for pending invites before it posts (each run is a new plugin process).
      `GET ${org}/invites/ 200`,
      `POST ${org}/invites/bulk/ 400`,
      `GET ${org}/members/ 200`,
      `PATCH ${org}/members/${member.user.uuid}/ 200`,
    ]);
    expect((await dump()).members.find((m) => m.user.email === email(1))?.level).toBe(8);
    expect(engine.state()[0].outputs.invitations).toMatchObject({
      [email(1)]: { status: "accepted", userUuid: member.user.uuid },
    });
    expect((await engine.preview(program({ ...args, invites: promoted }))).steps.map((s) => s.op)).toEqual([
      "same",
    ]);
  });
});
