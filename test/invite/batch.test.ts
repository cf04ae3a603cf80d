// InviteBatch through the real plugin against the emulator: chunking, minimal updates, partial failure.
import { InviteBatch, InviteBatchArgs } from "../../src";
import type { BatchPerson } from "../../src";
import { LoggedRequest, startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());
beforeEach(async () => {
  await stack.control("POST", "/reset");
});

const people = (from: number, to: number, domain = "example.com"): BatchPerson[] =>
  Array.from({ length: to - from }, (_, i) => ({
    targetEmail: `User${from + i}@${domain}`,
    firstName: `U${from + i}`,
  }));

const program = (args: InviteBatchArgs) => () => {
  const batch = new InviteBatch("team", args);
  return { invitations: batch.invitations };
};

const bulkCalls = (requests: LoggedRequest[]) => requests.filter((r) => r.path.endsWith("/invites/bulk/"));
const bodyEmails = (r: LoggedRequest) => (r.body as { target_email: string }[]).map((b) => b.target_email);

interface Dump {
  invites: { id: string; target_email: string }[];
}
const serverEmails = async () =>
  (await stack.control<Dump>("GET", "/state")).invites.map((i) => i.target_email).sort();

describe("InviteBatch", () => {
  it("creates 45 people in 3 bulk calls, then removes 5 and adds 7 with exactly the requests needed", async () => {
    const engine = stack.newEngine();
    const first = people(0, 45);
    const up = await engine.up(program({ invites: first, message: "Welcome" }));
    expect(up.errors).toEqual([]);
    const calls = bulkCalls(await stack.requests());
    expect(calls.map((c) => (c.body as unknown[]).length)).toEqual([20, 20, 5]);
    // Plus the listing read just before the first bulk POST (invites an interrupted run or another run sent) and
    // one just after each bulk POST (another run's invite of the same address: invite/batch-apply.ts).
    expect(
      (await stack.requests()).filter((r) => r.method === "GET").map((r) => `${r.path} ${r.status}`),
    ).toEqual(Array.from({ length: 4 }, () => `/api/organizations/${stack.organizationId}/invites/ 200`));
    expect((await stack.requests()).length).toBe(7);
    expect((calls[0].body as { message: string }[])[0]).toMatchObject({
      message: "Welcome",
      send_email: true,
    });
    const [batch] = engine.state();
    expect(batch.id).toMatch(/^batch-[0-9a-f-]{36}$/);
    const invitations = batch.outputs.invitations as Record<string, { inviteId: string; status: string }>;
    expect(Object.keys(invitations)).toHaveLength(45);
    expect(invitations["user0@example.com"]).toMatchObject({ status: "pending", isExpired: false });
    expect(batch.outputs.organizationId).toBe(stack.organizationId);

    await stack.clearRequests();
    expect(
      (await engine.preview(program({ invites: first, message: "Welcome" }))).steps.map((s) => s.op),
    ).toEqual(["same"]);
    expect(await stack.requests()).toEqual([]);

    // Remove user0..user4, add user45..user51, change nobody else.
    const second = [...first.slice(5), ...people(45, 52)];
    await stack.clearRequests();
    const update = await engine.up(program({ invites: second, message: "Welcome" }));
    expect(update.errors).toEqual([]);
    expect(update.steps.map((s) => s.op)).toEqual(["update"]);
    const requests = await stack.requests();
    expect(requests).toHaveLength(8);
    // The listing just before the bulk POST and the one just after it.
    expect(requests.filter((r) => r.method === "GET").map((r) => r.path)).toEqual([
      `/api/organizations/${stack.organizationId}/invites/`,
      `/api/organizations/${stack.organizationId}/invites/`,
    ]);
    const deletes = requests.filter((r) => r.method === "DELETE");
    expect(deletes.map((d) => d.path.split("/").at(-2))).toEqual(
      first.slice(0, 5).map((p) => invitations[p.targetEmail.toLowerCase()].inviteId),
    );
    expect(bulkCalls(requests).map(bodyEmails)).toEqual([
      people(45, 52).map((p) => p.targetEmail.toLowerCase()),
    ]);
    expect(await serverEmails()).toEqual(second.map((p) => p.targetEmail.toLowerCase()).sort());
    const after = engine.state()[0].outputs.invitations as Record<string, { inviteId: string }>;
    expect(after["user10@example.com"].inviteId).toBe(invitations["user10@example.com"].inviteId);

    // A changed person is re-invited: the batch's own pending invite (the id its state holds) is replaced by one
    // bulk POST (PostHog deletes it server-side; no DELETE), in a run of its own, as each `pulumi up` is.
    const changed = second.map((p) =>
      p.targetEmail === "User10@example.com" ? { ...p, level: "admin" as const } : p,
    );
    await stack.clearRequests();
    expect((await engine.up(program({ invites: changed, message: "Welcome" }))).errors).toEqual([]);
    expect((await stack.requests()).map((r) => r.method)).toEqual(["GET", "POST", "GET"]);
    expect(bulkCalls(await stack.requests()).map(bodyEmails)).toEqual([["user10@example.com"]]);
    const relevelled = engine.state()[0].outputs.invitations as Record<string, { inviteId: string }>;
    const server = await stack.control<{ invites: { id: string; target_email: string; level: number }[] }>(
      "GET",
      "/state",
    );
    const user10 = server.invites.filter((i) => i.target_email === "user10@example.com");
    expect(user10).toEqual([
      expect.objectContaining({ id: relevelled["user10@example.com"].inviteId, level: 8 }),
    ]);
    expect(relevelled["user10@example.com"].inviteId).not.toBe(after["user10@example.com"].inviteId);

    await stack.clearRequests();
    expect((await engine.destroy()).errors).toEqual([]);
    expect((await stack.requests()).filter((r) => r.method === "DELETE")).toHaveLength(47);
    expect(await serverEmails()).toEqual([]);
  });

  it("keeps the invites that exist when a later chunk fails, and finishes on the next up without re-inviting", async () => {
    const engine = stack.newEngine();
    const all = people(0, 45, "corp.example");
    await stack.control("POST", "/faults", {
      faults: [{ method: "POST", path: "/invites/bulk/?$", skip: 1, times: 1, status: 500 }],
    });
    const failed = await engine.up(program({ invites: all }));
    await stack.control("DELETE", "/faults");
    expect(failed.errors).toHaveLength(1);
    expect(failed.errors[0].message).toContain("chunk 2 of 3");
    expect(failed.errors[0].message).toContain("user20@corp.example");
    expect(failed.errors[0].message).toContain("500");
    expect(failed.errors[0].message).not.toContain(stack.apiKey);
    // The client does not retry a POST that got a 500: exactly two bulk calls were made.
    expect(bulkCalls(await stack.requests())).toHaveLength(2);
    const [partial] = engine.state();
    expect(partial.id).toMatch(/^batch-/);
    expect(Object.keys(partial.outputs.invitations as object).sort()).toEqual(
      all
        .slice(0, 20)
        .map((p) => p.targetEmail.toLowerCase())
        .sort(),
    );
    expect(await serverEmails()).toHaveLength(20);

    await stack.clearRequests();
    const retry = await engine.up(program({ invites: all }));
    expect(retry.errors).toEqual([]);
    const calls = bulkCalls(await stack.requests());
    expect(calls.map(bodyEmails).flat().sort()).toEqual(
      all
        .slice(20)
        .map((p) => p.targetEmail.toLowerCase())
        .sort(),
    );
    expect(calls.map((c) => (c.body as unknown[]).length)).toEqual([20, 5]);
    expect(await serverEmails()).toHaveLength(45);
    expect(engine.state()[0].id).toBe(partial.id);
    expect(Object.keys(engine.state()[0].outputs.invitations as object)).toHaveLength(45);
    expect((await engine.preview(program({ invites: all }))).steps.map((s) => s.op)).toEqual(["same"]);
    await engine.destroy();
  });

  it("refresh marks accepted and gone people; members are recorded as accepted and never removed", async () => {
    const member = await stack.control<{ id: string }>("POST", "/members", { email: "member@example.com" });
    const engine = stack.newEngine();
    const list: BatchPerson[] = [
      { targetEmail: "member@example.com" },
      { targetEmail: "accepts@example.com" },
      { targetEmail: "deleted@example.com" },
    ];
    const up = await engine.up(program({ invites: list }));
    expect(up.errors).toEqual([]);
    let invitations = engine.state()[0].outputs.invitations as Record<
      string,
      { inviteId: string; status: string }
    >;
    expect(invitations["member@example.com"]).toEqual({
      inviteId: `member:${member.id}`,
      status: "accepted",
      isExpired: false,
      userUuid: expect.any(String),
      // The membership the state names from now on (acceptance.ts).
      memberId: member.id,
    });
    expect(invitations["accepts@example.com"].status).toBe("pending");

    await stack.control("POST", `/invites/${invitations["accepts@example.com"].inviteId}/accept`);
    await stack.api(
      "DELETE",
      `/api/organizations/${stack.organizationId}/invites/${invitations["deleted@example.com"].inviteId}/`,
    );
    await stack.clearRequests();
    expect((await engine.refresh()).errors).toEqual([]);
    expect((await stack.requests()).map((r) => r.path.split("/").at(-2))).toEqual(["invites", "members"]);
    invitations = engine.state()[0].outputs.invitations as Record<
      string,
      { inviteId: string; status: string }
    >;
    expect(invitations["accepts@example.com"].status).toBe("accepted");
    expect(invitations["deleted@example.com"]).toBeUndefined();

    // The next up invites only the person whose invite disappeared.
    await stack.clearRequests();
    expect((await engine.up(program({ invites: list }))).errors).toEqual([]);
    expect(bulkCalls(await stack.requests()).map(bodyEmails)).toEqual([["deleted@example.com"]]);

    await stack.clearRequests();
    await engine.destroy();
    expect((await stack.requests()).map((r) => r.method)).toEqual(["DELETE"]);
    const dump = await stack.control<{ members: { user: { email: string } }[] }>("GET", "/state");
    expect(dump.members.map((m) => m.user.email)).toEqual(
      expect.arrayContaining(["member@example.com", "accepts@example.com"]),
    );
  });
});
