// Invite through the real dynamic-provider plugin against the emulator: the full lifecycle, counted in requests.
import { Invite, InviteArgs } from "../../src";
import { LoggedRequest, startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const program =
  (args: InviteArgs, name = "alice") =>
  () => {
    const invite = new Invite(name, args);
    return { inviteId: invite.inviteId, status: invite.status, memberId: invite.memberId };
  };

const summary = (requests: LoggedRequest[]) => requests.map((r) => `${r.method} ${r.path} ${r.status}`);

interface StateDump {
  invites: { id: string; target_email: string; first_name: string }[];
  members: { id: string; user: { email: string } }[];
}

describe("Invite lifecycle", () => {
  it("preview, up, no-op, re-invite on change, accept, refresh, destroy", async () => {
    const engine = stack.newEngine();
    const orgInvites = `/api/organizations/${stack.organizationId}/invites/`;
    const args: InviteArgs = { targetEmail: "Alice@Example.com", firstName: "Alice", level: "admin" };

    await stack.clearRequests();
    const preview = await engine.preview(program(args));
    expect(preview.errors).toEqual([]);
    expect(preview.steps.map((s) => s.op)).toEqual(["create"]);
    expect(await stack.requests()).toEqual([]);

    const up = await engine.up(program(args));
    expect(up.errors).toEqual([]);
    // First the look for a pending invite an interrupted run sent (once per organization per plugin process).
    expect(summary(await stack.requests())).toEqual([
      `GET ${orgInvites} 200`,
      `POST ${orgInvites} 201`,
      `GET ${orgInvites} 200`,
    ]);
    const [created] = engine.state();
    expect(created.outputs).toMatchObject({
      targetEmail: "alice@example.com",
      firstName: "Alice",
      level: "admin",
      status: "pending",
      isExpired: false,
      sendEmail: true,
      renewWhenExpired: true,
      memberId: null,
      organizationId: stack.organizationId,
    });
    expect(created.outputs.inviteId).toBe(created.id);
    // No output is undefined: every declared output key is present.
    for (const key of ["message", "createdBy", "updatedAt", "emailingAttemptMade", "privateProjectAccess"]) {
      expect(created.outputs).toHaveProperty(key);
    }
    expect((await stack.requests())[1].body).toMatchObject({ target_email: "alice@example.com", level: 8 });

    // A second preview (even with the email typed differently) changes nothing and costs nothing.
    await stack.clearRequests();
    const noop = await engine.preview(program({ ...args, targetEmail: "ALICE@example.COM" }));
    expect(noop.steps.map((s) => s.op)).toEqual(["same"]);
    expect(await stack.requests()).toEqual([]);

    // sendEmail alone: recorded, no replacement, no request.
    const quiet = await engine.up(program({ ...args, sendEmail: false }));
    expect(quiet.steps.map((s) => s.op)).toEqual(["update"]);
    expect(await stack.requests()).toEqual([]);
    expect(engine.state()[0].id).toBe(created.id);

    // firstName: an update that sends a new invite (PostHog then deletes the old one); the resource keeps its
    // id, `inviteId` follows the new invite. The list tells it is still pending.
    const renamed = { ...args, firstName: "Ali", sendEmail: false };
    await stack.clearRequests();
    const replaced = await engine.up(program(renamed));
    expect(replaced.errors).toEqual([]);
    expect(replaced.steps.map((s) => s.op)).toEqual(["update"]);
    expect(engine.state()[0].id).toBe(created.id);
    const newId = String(engine.state()[0].outputs.inviteId);
    expect(newId).not.toBe(created.id);
    expect(summary(await stack.requests())).toEqual([
      `GET ${orgInvites} 200`,
      `POST ${orgInvites} 201`,
      `GET ${orgInvites} 200`,
    ]);
    expect((await stack.requests())[1].body).toMatchObject({ send_email: false, first_name: "Ali" });
    const pending = await stack.control<StateDump>("GET", "/state");
    expect(pending.invites.filter((i) => i.target_email === "alice@example.com").map((i) => i.id)).toEqual([
      newId,
    ]);

    // Accepted in PostHog: the invite disappears from the list; refresh keeps it as accepted.
    const member = await stack.control<{ id: string }>("POST", `/invites/${newId}/accept`);
    await stack.clearRequests();
    const refresh = await engine.refresh();
    expect(refresh.errors).toEqual([]);
    expect(refresh.steps.map((s) => [s.op, s.changedKeys])).toEqual([["refresh", []]]);
    expect(engine.state()[0]).toMatchObject({
      id: created.id,
      outputs: { status: "accepted", memberId: member.id },
    });
    expect(summary(await stack.requests())).toEqual([
      `GET ${orgInvites} 200`,
      `GET /api/organizations/${stack.organizationId}/members/ 200`,
    ]);

    await stack.clearRequests();
    const after = await engine.preview(program(renamed));
    expect(after.steps.map((s) => s.op)).toEqual(["same"]);
    expect(await stack.requests()).toEqual([]);

    // Destroying an accepted invite removes nothing: the member stays.
    const destroy = await engine.destroy();
    expect(destroy.errors).toEqual([]);
    expect(await stack.requests()).toEqual([]);
    const dump = await stack.control<StateDump>("GET", "/state");
    expect(dump.members.map((m) => m.user.email)).toContain("alice@example.com");
  });

  it("converges to accepted, with a stable id, for someone who is already a member", async () => {
    const member = await stack.control<{ id: string }>("POST", "/members", { email: "bob@example.com" });
    const engine = stack.newEngine();
    const up = await engine.up(program({ targetEmail: "bob@example.com" }, "bob"));
    expect(up.errors).toEqual([]);
    expect(engine.state()[0]).toMatchObject({
      id: `member:${member.id}`,
      outputs: { status: "accepted", inviteId: null, memberId: member.id, createdAt: null },
    });
    const refresh = await engine.refresh();
    expect(refresh.errors).toEqual([]);
    expect(engine.state()[0].id).toBe(`member:${member.id}`);
    expect(
      (await engine.preview(program({ targetEmail: "bob@example.com" }, "bob"))).steps.map((s) => s.op),
    ).toEqual(["same"]);
    await stack.clearRequests();
    await engine.destroy();
    expect(await stack.requests()).toEqual([]);
  });

  it("drops an invite deleted outside Pulumi on refresh and re-creates it on the next up", async () => {
    const engine = stack.newEngine();
    const args = { targetEmail: "carol@example.com" };
    await engine.up(program(args, "carol"));
    const id = engine.state()[0].id;
    const gone = await stack.api("DELETE", `/api/organizations/${stack.organizationId}/invites/${id}/`);
    expect(gone.status).toBe(204);

    const refresh = await engine.refresh();
    expect(refresh.steps.map((s) => s.op)).toEqual(["delete"]);
    expect(engine.state()).toEqual([]);
    const up = await engine.up(program(args, "carol"));
    expect(up.steps.map((s) => s.op)).toEqual(["create"]);
    expect(engine.state()[0].id).not.toBe(id);
    await engine.destroy();
  });

  it("adopt takes over the pending invite for the email without a POST, else creates", async () => {
    const existing = await stack.api<{ id: string }>(
      "POST",
      `/api/organizations/${stack.organizationId}/invites/`,
      {
        target_email: "dave@example.com",
        first_name: "Dave",
      },
    );
    expect(existing.status).toBe(201);
    const engine = stack.newEngine();
    await stack.clearRequests();
    const up = await engine.up(
      program({ targetEmail: "Dave@example.com", firstName: "Dave", adopt: true }, "dave"),
    );
    expect(up.errors).toEqual([]);
    expect(engine.state()[0].id).toBe(existing.body.id);
    expect((await stack.requests()).filter((r) => r.method === "POST")).toEqual([]);
    expect(
      (
        await engine.preview(
          program({ targetEmail: "dave@example.com", firstName: "Dave", adopt: true }, "dave"),
        )
      ).steps.map((s) => s.op),
    ).toEqual(["same"]);

    const fresh = stack.newEngine();
    await stack.clearRequests();
    await fresh.up(program({ targetEmail: "erin@example.com", adopt: true }, "erin"));
    expect(summary(await stack.requests()).filter((r) => r.startsWith("POST"))).toHaveLength(1);
    await engine.destroy();
    await fresh.destroy();
  });

  it("adopt takes over the membership of a person who has joined, sending nothing", async () => {
    const orgInvites = `/api/organizations/${stack.organizationId}/invites/`;
    const sent = await stack.api<{ id: string }>("POST", orgInvites, { target_email: "gina@example.com" });
    expect(sent.status).toBe(201);
    await stack.control("POST", `/invites/${sent.body.id}/accept`); // PostHog deletes the invite
    const members = await stack.api<{ results: { id: string; user: { email: string } }[] }>(
      "GET",
      `/api/organizations/${stack.organizationId}/members/`,
    );
    const gina = members.body.results.find((m) => m.user.email === "gina@example.com");

    const engine = stack.newEngine();
    const args: InviteArgs = { targetEmail: "Gina@example.com", level: "admin", adopt: true };
    const written = stack.server.engineLog().length;
    await stack.clearRequests();
    const up = await engine.up(program(args, "gina"));
    expect(up.errors).toEqual([]);
    expect((await stack.requests()).filter((r) => r.method !== "GET")).toEqual([]);
    expect(engine.state()[0]).toMatchObject({
      id: `member:${gina?.id}`,
      outputs: { status: "accepted", level: "member", inviteId: null, memberId: gina?.id },
    });
    expect(stack.server.engineLog().slice(written)).toContain(
      'warning: Invite "gina@example.com": adopted the membership of gina@example.com, whose level is member, ' +
        "not admin. The next `pulumi up` changes it to admin unless the program is changed to match.",
    );

    // The declared level is then applied to the membership: one PATCH, no invitation.
    const preview = await engine.preview(program(args, "gina"));
    expect(preview.steps.map((s) => s.op)).toEqual(["update"]);
    await stack.clearRequests();
    await engine.up(program(args, "gina"));
    const uuid = String(engine.state()[0].outputs.userUuid);
    expect(summary((await stack.requests()).filter((r) => r.method !== "GET"))).toEqual([
      `PATCH /api/organizations/${stack.organizationId}/members/${uuid}/ 200`,
    ]);
    expect(engine.state()[0].outputs.level).toBe("admin");
    await stack.clearRequests();
    expect((await engine.preview(program(args, "gina"))).steps.map((s) => s.op)).toEqual(["same"]);
    expect(await stack.requests()).toEqual([]);
    await engine.destroy();
  });

  it("recovers a POST whose answer was lost by listing, without posting again", async () => {
    const engine = stack.newEngine();
    await stack.control("POST", "/faults", {
      faults: [{ method: "POST", path: "/invites/?$", times: 1, commitThenDrop: true }],
    });
    await stack.clearRequests();
    const up = await engine.up(program({ targetEmail: "frank@example.com", firstName: "Frank" }, "frank"));
    await stack.control("DELETE", "/faults");
    expect(up.errors).toEqual([]);
    const requests = await stack.requests();
    const posts = requests.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    // The run's first look at the invites (a new plugin process), the POST whose answer was lost, then the lookup.
    const listing = `GET /api/organizations/${stack.organizationId}/invites/ 200`;
    expect(summary(requests)[0]).toBe(listing);
    expect(summary(requests)[2]).toBe(listing);
    const dump = await stack.control<StateDump>("GET", "/state");
    const franks = dump.invites.filter((i) => i.target_email === "frank@example.com");
    expect(franks).toHaveLength(1);
    expect(engine.state()[0].id).toBe(franks[0].id);
    await engine.destroy();
  });
});
