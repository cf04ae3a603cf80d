// Refresh follows only the stored id (issue 43, case 5). An invite re-sent with the same terms outside this stack
// (another stack, a person in PostHog) replaces ours server-side; it is not ours, so refresh never moves onto it:
// the resource (or the batch's person) leaves the state with a warning, the next up refuses the pending invite it
// cannot prove its own and sends nothing, and destroy never deletes it. test/cli/invite-ownership.test.ts shows the
// same through the real CLI.
import { Invite, InviteBatch } from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ env: { POSTHOG_LIST_CACHE_TTL_MS: "0" } });
});
afterAll(async () => stack?.close());

const invites = () => `/api/organizations/${stack.organizationId}/invites/`;
const writes = async () =>
  (await stack.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

describe("refresh after an invite was replaced by an identical one sent outside this stack", () => {
  it("Invite: leaves the state with a warning; the next up refuses theirs and sends nothing; destroy keeps it", async () => {
    const engine = stack.newEngine();
    const program = () => {
      new Invite("erin", { targetEmail: "erin@example.com", firstName: "Erin", sendEmail: false });
    };
    expect((await engine.up(program)).errors).toEqual([]);
    const ours = engine.state()[0].id;
    const theirs = await stack.api<{ id: string }>("POST", invites(), {
      target_email: "erin@example.com",
      first_name: "Erin",
      send_email: false,
    });
    expect(theirs.body.id).not.toBe(ours);

    const logged = stack.server.engineLog().length;
    const refresh = await engine.refresh();
    expect(refresh.errors).toEqual([]);
    expect(refresh.steps.map((s) => s.op)).toEqual(["delete"]);
    expect(engine.state()).toEqual([]);
    expect(stack.server.engineLog().slice(logged)).toContain(
      `warning: Invite "erin@example.com": PostHog has no object with the stored id "${ours}"`,
    );

    await stack.clearRequests();
    const up = await engine.up(program);
    expect(up.errors).toHaveLength(1);
    expect(up.errors[0].message).toContain(
      `already has a pending invite for erin@example.com (invite ${theirs.body.id}`,
    );
    expect(await writes()).toEqual([]);
    expect(engine.state()).toEqual([]);
  });

  it("InviteBatch: the person leaves the batch's state with a warning; the others keep their invites", async () => {
    const engine = stack.newEngine();
    const program = () => {
      new InviteBatch("crew", {
        invites: [{ targetEmail: "finn@example.com" }, { targetEmail: "gail@example.com" }],
        sendEmail: false,
      });
    };
    expect((await engine.up(program)).errors).toEqual([]);
    const before = engine.state()[0].outputs.invitations as Record<string, { inviteId: string }>;
    const theirs = await stack.api<{ id: string }>("POST", invites(), {
      target_email: "finn@example.com",
      send_email: false,
    });

    const logged = stack.server.engineLog().length;
    expect((await engine.refresh()).errors).toEqual([]);
    const after = engine.state()[0].outputs.invitations as Record<string, { inviteId: string }>;
    expect(after).toEqual({ "gail@example.com": before["gail@example.com"] });
    expect(stack.server.engineLog().slice(logged)).toContain(
      `PostHog has no invite ${before["finn@example.com"].inviteId} for finn@example.com any more`,
    );

    await stack.clearRequests();
    const up = await engine.up(program);
    expect(up.errors).toHaveLength(1);
    expect(up.errors[0].message).toContain(
      `already has a pending invite for finn@example.com (invite ${theirs.body.id}`,
    );
    expect(await writes()).toEqual([]);

    await stack.clearRequests();
    expect((await engine.destroy()).errors).toEqual([]);
    // Only gail's invite, the one the batch holds: finn's is theirs.
    expect(await writes()).toEqual([`DELETE ${invites()}${before["gail@example.com"].inviteId}/`]);
    const left = await stack.control<{ invites: { id: string }[] }>("GET", "/state");
    expect(left.invites.map((i) => i.id)).toContain(theirs.body.id);
  });
});

// An update is held to the same rule: its new terms are sent in place of the invite its state holds, and when that
// one is gone, a pending invite for the address is not taken for matching the new terms (an interrupted run of
// the update may have sent it, or another stack or a person did: nothing tells them apart).
describe("an update of the terms after the held invite was replaced outside this stack", () => {
  it("refuses the replacing invite, even with exactly the new terms, and sends nothing; adopt: true takes it", async () => {
    const engine = stack.newEngine();
    const program = (firstName: string, adopt?: boolean) => () => {
      new Invite("hana", { targetEmail: "hana@example.com", firstName, sendEmail: false, adopt });
    };
    expect((await engine.up(program("Hana"))).errors).toEqual([]);
    const ours = engine.state()[0].id;
    const theirs = await stack.api<{ id: string }>("POST", invites(), {
      target_email: "hana@example.com",
      first_name: "Hana K",
      send_email: false,
    });

    await stack.clearRequests();
    const up = await engine.up(program("Hana K"));
    expect(up.errors).toHaveLength(1);
    expect(up.errors[0].message).toContain(
      `organization ${stack.organizationId} no longer has invite ${ours}, which this resource held, and has a ` +
        `pending invite for hana@example.com (invite ${theirs.body.id}, level member, sent `,
    );
    expect(up.errors[0].message).toContain(
      "Nothing was sent: posting again would replace it and email the person a second time. To keep that invite, " +
        "set adopt: true on this Invite and run pulumi up again",
    );
    expect(await writes()).toEqual([]);
    expect(engine.state()[0].outputs).toMatchObject({ inviteId: ours, firstName: "Hana" });

    // The way out it names: adopt, with nothing sent; the resource keeps its id and follows the adopted invite.
    const adopted = await engine.up(program("Hana K", true));
    expect(adopted.errors).toEqual([]);
    expect(await writes()).toEqual([]);
    expect(engine.state()[0].id).toBe(ours);
    expect(engine.state()[0].outputs).toMatchObject({ inviteId: theirs.body.id, firstName: "Hana K" });
    expect((await engine.preview(program("Hana K", true))).steps.map((s) => s.op)).toEqual(["same"]);

    expect((await engine.destroy()).errors).toEqual([]);
    expect(await writes()).toEqual([`DELETE ${invites()}${theirs.body.id}/`]);
  });
});

describe("refresh after the person joined through another invitation (issue 55, case 10)", () => {
  it("says only that another invitation brought them in, never that the invite was deleted", async () => {
    const engine = stack.newEngine();
    const program = () => {
      new Invite("ida", { targetEmail: "ida@example.com", sendEmail: false });
    };
    expect((await engine.up(program)).errors).toEqual([]);
    const ours = engine.state()[0].id;
    // Four days later ours has expired; another invitation is sent and accepted.
    await stack.control("POST", "/clock", { advanceSeconds: 4 * 24 * 3600 });
    const theirs = await stack.api<{ id: string }>("POST", invites(), {
      target_email: "ida@example.com",
      send_email: false,
    });
    await stack.control("POST", `/invites/${theirs.body.id}/accept`);

    const logged = stack.server.engineLog().length;
    const refresh = await engine.refresh();
    expect(refresh.errors).toEqual([]);
    expect(engine.state()).toEqual([]);
    const said = stack.server.engineLog().slice(logged);
    expect(said).toContain(`outside invite ${ours} (valid from `);
    expect(said).toContain(
      "another invitation brought them in, not this one. Refresh removes this Invite from the state; the " +
        "membership stays.",
    );
    expect(said).not.toContain("PostHog has no object with the stored id");
    expect(said).not.toContain("deleted in PostHog");
  });
});
