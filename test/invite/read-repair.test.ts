// An invite re-sent with the same terms outside this run (a timed-out create that landed late, or a person in
// the UI) replaces ours server-side: refresh takes the newer invite over instead of dropping and re-inviting.
import { Invite, InviteBatch } from "../../src";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ env: { POSTHOG_LIST_CACHE_TTL_MS: "0" } });
});
afterAll(async () => stack?.close());

const invites = () => `/api/organizations/${stack.organizationId}/invites/`;

describe("refresh after an invite was replaced by an identical one", () => {
  it("Invite follows the newer invite's id, with no diff and no new email", async () => {
    const engine = stack.newEngine();
    const program = () => {
      new Invite("erin", { targetEmail: "erin@example.com", firstName: "Erin", sendEmail: false });
    };
    await engine.up(program);
    const oldId = engine.state()[0].id;
    const again = await stack.api<{ id: string }>("POST", invites(), {
      target_email: "erin@example.com",
      first_name: "Erin",
      send_email: false,
    });
    expect(again.body.id).not.toBe(oldId);

    const refresh = await engine.refresh();
    expect(refresh.errors).toEqual([]);
    expect(engine.state().map((r) => r.id)).toEqual([again.body.id]);
    await stack.clearRequests();
    const preview = await engine.preview(program);
    expect(preview.steps.map((s) => s.op)).toEqual(["same"]);
    expect(await stack.requests()).toEqual([]);
    await engine.destroy();
  });

  it("InviteBatch follows the newer invite of that person", async () => {
    const engine = stack.newEngine();
    const program = () => {
      new InviteBatch("crew", { invites: [{ targetEmail: "finn@example.com" }], sendEmail: false });
    };
    await engine.up(program);
    const again = await stack.api<{ id: string }>("POST", invites(), {
      target_email: "finn@example.com",
      send_email: false,
    });
    await engine.refresh();
    const invitations = engine.state()[0].outputs.invitations as Record<string, { inviteId: string }>;
    expect(invitations["finn@example.com"].inviteId).toBe(again.body.id);
    expect((await engine.preview(program)).steps.map((s) => s.op)).toEqual(["same"]);
    await engine.destroy();
  });
});
