// getMembers / getMembersOutput against the emulator: every page of the member list, with level, email, name and
// joined date, the organization from the stack's config.
import * as pulumi from "@pulumi/pulumi";
import { getMembers, getMembersOutput, type GetMembersResult } from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
  // 104 members besides the owner (two pages of 100): every tenth an admin.
  for (let i = 0; i < 104; i++) {
    await stack.control("POST", "/members", {
      email: `member${i}@example.com`,
      first_name: `M${i}`,
      level: i % 10 === 0 ? 8 : 1,
    });
  }
});
afterAll(async () => stack?.close());
beforeEach(() => {
  pulumi.runtime.setAllConfig(stack.config, ["posthog:apiKey"]);
});

interface Dump {
  members: { id: string; user: { uuid: string; email: string }; joined_at: string }[];
}

describe("getMembers", () => {
  it("returns every member (all pages) with level, email, name and joined date", async () => {
    await stack.clearRequests();
    const result = await getMembers();
    expect(result.organizationId).toBe(stack.organizationId);
    expect(result.members).toHaveLength(105);
    const requests = await stack.requests();
    expect(
      requests.map((r) => `${r.method} ${r.path.replace(stack.organizationId, ":org")} ${r.query}`),
    ).toEqual([
      "GET /api/organizations/:org/members/ limit=100",
      "GET /api/organizations/:org/members/ limit=100&offset=100",
    ]);
    const dump = await stack.control<Dump>("GET", "/state");
    const seven = dump.members.find((m) => m.user.email === "member7@example.com");
    expect(result.members.find((m) => m.email === "member7@example.com")).toEqual({
      memberId: seven?.id,
      userUuid: seven?.user.uuid,
      email: "member7@example.com",
      firstName: "M7",
      lastName: "",
      level: "member",
      joinedAt: seven?.joined_at,
    });
    expect(result.members.find((m) => m.email === "member30@example.com")?.level).toBe("admin");
    expect(result.members.filter((m) => m.level === "owner")).toHaveLength(1);
    // Newest first, as PostHog lists them.
    expect(result.members[0].email).toBe("member103@example.com");
  });

  it("getMembersOutput resolves to the same, for an explicit organization", async () => {
    const output = getMembersOutput({ organizationId: stack.organizationId });
    const result = await new Promise<GetMembersResult>((resolve) => output.apply(resolve));
    expect(result.organizationId).toBe(stack.organizationId);
    expect(result.members).toHaveLength(105);
  });
});
