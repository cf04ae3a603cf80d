// Bad invite inputs fail at check (preview), naming the property and the fix, before any HTTP request.
import { Invite, InviteArgs, InviteBatch, InviteBatchArgs } from "../../src";
import { startStack, TestStack } from "../support/stack";
import { failuresAt } from "../support/failures-at";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());
beforeEach(async () => stack.clearRequests());

async function failuresOf(program: () => unknown): Promise<{ property: string; reason: string }[]> {
  const engine = stack.newEngine();
  const preview = await engine.preview(program);
  expect(preview.errors).toHaveLength(1);
  const up = await engine.up(program);
  expect(up.errors).toHaveLength(1);
  expect(engine.state()).toEqual([]);
  expect(await stack.requests()).toEqual([]);
  return up.steps.flatMap((s) => s.checkFailures);
}

const invite = (args: Record<string, unknown>) => () => new Invite("bad", args as unknown as InviteArgs);
const batch = (args: Record<string, unknown>) => () =>
  new InviteBatch("bad", args as unknown as InviteBatchArgs);

describe("Invite check", () => {
  it.each([
    ["bad email", { targetEmail: "not-an-email" }, "targetEmail", "not a valid email address"],
    ["whitespace", { targetEmail: " alice@example.com" }, "targetEmail", "whitespace"],
    ["inner whitespace", { targetEmail: "al ice@example.com" }, "targetEmail", "whitespace"],
    ["missing email", { firstName: "A" }, "targetEmail", "targetEmail is required"],
    ["bad level", { targetEmail: "a@example.com", level: "superuser" }, "level", "member, admin, owner"],
    [
      "long first name",
      { targetEmail: "a@example.com", firstName: "x".repeat(31) },
      "firstName",
      "30 characters",
    ],
    ["unknown key", { targetEmail: "a@example.com", frstName: "A" }, "frstName", 'Did you mean "firstName"?'],
    [
      "bad project access",
      { targetEmail: "a@example.com", privateProjectAccess: [{ id: 1, level: "owner" }] },
      "privateProjectAccess",
      '"member" or "admin"',
    ],
  ])("%s", async (_what, args, property, reason) => {
    const failures = await failuresOf(invite(args));
    expect(failures).toHaveLength(1);
    expect(failuresAt(failures, property)).toEqual(failures);
    expect(failures[0]?.reason).toContain(reason);
  });

  it("accepts values that are unknown in preview", async () => {
    const engine = stack.newEngine();
    const preview = await engine.preview(() => {
      const first = new Invite("first", { targetEmail: "first@example.com" });
      const later = first.inviteId.apply(() => "later@example.com");
      new Invite("second", { targetEmail: later, firstName: first.status.apply(() => "x") });
      new InviteBatch("team", { invites: [{ targetEmail: later }, { targetEmail: "b@example.com" }] });
    });
    expect(preview.errors).toEqual([]);
    expect(preview.steps.map((s) => s.op)).toEqual(["create", "create", "create"]);
    expect(await stack.requests()).toEqual([]);
  });
});

describe("InviteBatch check", () => {
  it("rejects the same person twice (compared lowercased)", async () => {
    const failures = await failuresOf(
      batch({
        invites: [
          { targetEmail: "a@example.com" },
          { targetEmail: "b@example.com" },
          { targetEmail: "A@Example.com" },
        ],
      }),
    );
    expect(failures).toEqual([
      { property: "", reason: expect.stringContaining("invites[2] repeats a@example.com") },
    ]);
  });

  it("names the person and field at fault", async () => {
    const failures = await failuresOf(
      batch({
        invites: [
          { targetEmail: "ok@example.com" },
          { targetEmail: "bad", firstName: "y".repeat(31), role: "x" },
        ],
      }),
    );
    expect(failuresAt(failures, "invites")).toHaveLength(3);
    expect(failures.map((f) => f.reason).join("\n")).toMatch(/invites\[1\]: "role" is not a known input/);
    expect(failures.map((f) => f.reason).join("\n")).toMatch(
      /invites\[1\]\.targetEmail: .*not a valid email/,
    );
    expect(failures.map((f) => f.reason).join("\n")).toMatch(/invites\[1\]\.firstName: .*30 characters/);
  });

  it("rejects unknown keys and a missing list", async () => {
    const failures = await failuresOf(batch({ people: [] }));
    expect(failures.map((f) => f.property).sort()).toEqual(["invites", "people"]);
  });
});
