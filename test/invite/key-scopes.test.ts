// The scopes an Invite's key needs, as the README states them and as PostHog checks them: creating one invite
// checks no scope (docs/contributing/posthog-behaviour.md, "Scopes"), but the create first lists the
// organization's pending invites (organization_member:read), and deleting or replacing one needs
// organization_member:write. So a key with organization_member:read alone creates an invite and cannot destroy it.
import fs from "node:fs";
import path from "node:path";
import { Invite } from "../../src";
import { startStack, type TestStack } from "../support/stack";
import { REPO_ROOT } from "../support/self-link";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const program = () => {
  new Invite("ada", { targetEmail: "ada@example.com", level: "member" });
};

it("a key with organization_member:read creates an invite; deleting it needs organization_member:write", async () => {
  const { key } = await stack.control<{ key: string }>("POST", "/keys", {
    scopes: ["organization_member:read"],
  });
  const engine = stack.newEngine({ config: { ...stack.config, "posthog:apiKey": key } });
  const up = await engine.up(program);
  expect(up.errors).toEqual([]);
  expect(engine.state().map((r) => r.outputs.status)).toEqual(["pending"]);

  const destroy = await engine.destroy();
  expect(destroy.errors.map((e) => e.message)).toEqual([
    expect.stringContaining("organization_member:write"),
  ]);
  expect(engine.state()).toHaveLength(1);
});

it("the README names both scopes for invites, and says creating one checks none", () => {
  const readme = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8").replace(/\s+/g, " ");
  expect(readme).toContain(
    "`organization_member:read` to create an invite (PostHog checks no scope on the create; a create first lists pending invites)",
  );
  expect(readme).toContain(
    "`organization_member:write` to delete or replace one, change a member's level or send an `InviteBatch`",
  );
});
