// One address, one POST per run (issue 43, case 4). PostHog keeps one invite per address, so a second POST for it
// replaces the first invite and emails the person again. Two resources of one run for one address (two Invites,
// an Invite and a batch, two batches) get one POST; the other fails naming both, having sent nothing. The engine
// runs independent creates at once, so which of a pair wins is the engine's choice: the tests hold the outcome,
// not the order. test/cli/invite-ownership.test.ts shows the same through the real CLI.
import { Invite, InviteBatch } from "../../src";
import type { Program } from "../support/engine";
import { LoggedRequest, startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());
beforeEach(async () => {
  await stack.control("POST", "/reset");
});

/** The addresses each invite POST (single or bulk) asked for, in order. */
function invited(requests: LoggedRequest[]): string[] {
  return requests
    .filter((r) => r.method === "POST" && /\/invites\/(bulk\/)?$/.test(r.path))
    .flatMap((r) => (Array.isArray(r.body) ? r.body : [r.body]))
    .map((b) => String((b as { target_email: string }).target_email));
}

interface Dump {
  invites: { id: string; target_email: string }[];
}

/** Every invite id the state holds (an Invite's inviteId; each person of a batch). */
function heldIds(engine: ReturnType<TestStack["newEngine"]>): string[] {
  return engine.state().flatMap((r) => {
    const invitations = r.outputs.invitations as Record<string, { inviteId: string }> | undefined;
    return invitations ? Object.values(invitations).map((i) => i.inviteId) : [String(r.outputs.inviteId)];
  });
}

const refusal = (loser: string, email: string, holder: string) =>
  `${loser} cannot invite an address that another resource of this run already invites to organization ` +
  `${stack.organizationId}: ${email} (by ${holder}). Nothing was sent for ${loser}`;

async function upOnce(program: Program) {
  const engine = stack.newEngine();
  await stack.clearRequests();
  const up = await engine.up(program);
  const requests = await stack.requests();
  const { invites } = await stack.control<Dump>("GET", "/state");
  return { engine, up, requests, invites };
}

describe("one address in two resources of one run", () => {
  it("two Invites created at once: one POST, the other refused naming both; the state holds the live invite", async () => {
    const { engine, up, requests, invites } = await upOnce(() => {
      new Invite("first", { targetEmail: "xia@example.com", sendEmail: false });
      new Invite("second", { targetEmail: "Xia@example.com", sendEmail: false });
    });
    expect(invited(requests)).toEqual(["xia@example.com"]);
    expect(up.errors).toHaveLength(1);
    const [winner] = engine.state().map((r) => r.name);
    const loser = winner === "first" ? "second" : "first";
    expect(up.errors[0].urn).toMatch(new RegExp(`::${loser}$`));
    expect(up.errors[0].message).toContain(
      refusal(`Invite "${loser}"`, "xia@example.com", `Invite "${winner}"`),
    );
    expect(heldIds(engine)).toEqual(invites.map((i) => i.id));
  });

  it("an Invite and an InviteBatch, and two batches: one POST per address, nothing replaced", async () => {
    const { engine, up, requests, invites } = await upOnce(() => {
      new InviteBatch("crew", {
        invites: [{ targetEmail: "yan@example.com" }, { targetEmail: "zoe@example.com" }],
        sendEmail: false,
      });
      new Invite("yan", { targetEmail: "yan@example.com", sendEmail: false });
      new InviteBatch("crew2", { invites: [{ targetEmail: "zoe@example.com" }], sendEmail: false });
    });
    const posts = invited(requests);
    expect(new Set(posts).size).toBe(posts.length);
    expect(up.errors.length).toBeGreaterThanOrEqual(1);
    for (const error of up.errors)
      expect(error.message).toMatch(/already invites to organization .*\(by (Invite|InviteBatch) "/);
    // Whoever won, every id in the state is an invite PostHog still has: none was replaced behind its holder.
    const live = new Set(invites.map((i) => i.id));
    for (const id of heldIds(engine)) expect(live.has(id)).toBe(true);
    expect(invites.map((i) => i.target_email).sort()).toEqual([...posts].sort());
  });

  it("a batch that meets an address it does not hold sends nothing at all, for any of its people", async () => {
    const { engine, up, requests } = await upOnce(() => {
      const first = new Invite("solo", { targetEmail: "ann@example.com", sendEmail: false });
      // Created after the Invite: the batch depends on it.
      new InviteBatch(
        "late",
        {
          invites: [{ targetEmail: "ann@example.com" }, { targetEmail: "bo@example.com" }],
          sendEmail: false,
        },
        { dependsOn: [first] },
      );
    });
    expect(invited(requests)).toEqual(["ann@example.com"]);
    expect(up.errors.map((e) => e.message)).toEqual([
      expect.stringContaining(refusal('InviteBatch "late"', "ann@example.com", 'Invite "solo"')),
    ]);
    expect(engine.state().map((r) => r.name)).toEqual(["solo"]);
  });

  it("an Invite's new terms and another Invite for its address in one run: one POST", async () => {
    const engine = stack.newEngine();
    const before = () => {
      new Invite("kept", { targetEmail: "kim@example.com", sendEmail: false });
    };
    expect((await engine.up(before)).errors).toEqual([]);
    await stack.clearRequests();
    const up = await engine.up(() => {
      new Invite("kept", { targetEmail: "kim@example.com", level: "admin", sendEmail: false });
      new Invite("again", { targetEmail: "kim@example.com", level: "admin", sendEmail: false });
    });
    const requests = await stack.requests();
    expect(invited(requests)).toEqual(["kim@example.com"]);
    expect(up.errors).toHaveLength(1);
    const { invites } = await stack.control<Dump>("GET", "/state");
    expect(heldIds(engine)).toEqual(invites.map((i) => i.id));
  });

  it("runs are separate: the next up may invite an address the last one did", async () => {
    const engine = stack.newEngine();
    expect(
      (await engine.up(() => void new Invite("one", { targetEmail: "lu@example.com", sendEmail: false })))
        .errors,
    ).toEqual([]);
    expect(
      (
        await engine.up(
          () => void new Invite("one", { targetEmail: "lu@example.com", level: "admin", sendEmail: false }),
        )
      ).errors,
    ).toEqual([]);
    const { invites } = await stack.control<Dump>("GET", "/state");
    expect(heldIds(engine)).toEqual(invites.map((i) => i.id));
  });
});
