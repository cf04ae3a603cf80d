import { planBatch } from "../../src/resources/invite/batch-mapping";
import { declareInviteBatch } from "../../src/resources/invite/batch-declaration";
import { declareInvite, termsOf } from "../../src/resources/invite/declaration";
import { inviteDiff, writeBody } from "../../src/resources/invite/mapping";
import { UNKNOWN } from "../../src/provider-kit/unknown";

const ORG = "0190aaaa-0000-0000-0000-000000000000";
const olds = {
  organizationId: ORG,
  targetEmail: "a@example.com",
  firstName: "A",
  message: null,
  level: "member",
  privateProjectAccess: [
    { id: 1, level: "member" },
    { id: 2, level: "admin" },
  ],
  sendEmail: true,
  renewWhenExpired: true,
  adopt: false,
  status: "pending",
  declared: { targetEmail: "a@example.com", firstName: "A", privateProjectAccess: [] },
};
const news = {
  targetEmail: "a@example.com",
  firstName: "A",
  privateProjectAccess: [
    { id: 2, level: "admin" },
    { id: 1, level: "member" },
  ],
};

describe("invite diff", () => {
  it("no change: defaults and project order do not diff, @current is the same organization", () => {
    expect(inviteDiff(olds, declareInvite(news), ORG)).toEqual({ changes: false, replaces: [] });
    expect(inviteDiff(olds, declareInvite(news), "@current")).toEqual({ changes: false, replaces: [] });
  });

  it("only another person or organization replaces; other terms are an update decided at up", () => {
    expect(inviteDiff(olds, declareInvite({ ...news, level: "admin" }), ORG)).toEqual({
      changes: true,
      replaces: [],
    });
    expect(inviteDiff(olds, declareInvite({ ...news, message: "hi" }), ORG)).toEqual({
      changes: true,
      replaces: [],
    });
    expect(inviteDiff(olds, declareInvite({ ...news, firstName: UNKNOWN }), ORG)).toEqual({
      changes: true,
      replaces: [],
    });
    expect(inviteDiff(olds, declareInvite(news), "other-org").replaces).toEqual(["organizationId"]);
    expect(inviteDiff(olds, declareInvite({ ...news, targetEmail: "b@example.com" }), ORG).replaces).toEqual([
      "targetEmail",
    ]);
    expect(inviteDiff(olds, declareInvite({ ...news, targetEmail: UNKNOWN }), ORG).replaces).toEqual([
      "targetEmail",
    ]);
  });

  it("sendEmail, renewWhenExpired and adopt are recorded, not replaced", () => {
    expect(inviteDiff(olds, declareInvite({ ...news, sendEmail: false }), ORG)).toEqual({
      changes: true,
      replaces: [],
    });
    expect(inviteDiff(olds, declareInvite({ ...news, renewWhenExpired: false }), ORG)).toEqual({
      changes: true,
      replaces: [],
    });
  });

  it("expired: replaced only when renewWhenExpired", () => {
    const expired = { ...olds, status: "expired" };
    expect(inviteDiff(expired, declareInvite(news), ORG)).toEqual({ changes: true, replaces: ["status"] });
    expect(inviteDiff(expired, declareInvite({ ...news, renewWhenExpired: false }), ORG).replaces).toEqual(
      [],
    );
  });

  it("accepted: only a different person is a new invite", () => {
    const accepted = { ...olds, status: "accepted" };
    expect(inviteDiff(accepted, declareInvite(news), ORG)).toEqual({ changes: false, replaces: [] });
    expect(inviteDiff(accepted, declareInvite({ ...news, firstName: "B" }), ORG)).toEqual({
      changes: true,
      replaces: [],
    });
    expect(
      inviteDiff(accepted, declareInvite({ ...news, targetEmail: "b@example.com" }), ORG).replaces,
    ).toEqual(["targetEmail"]);
  });

  it("maps levels to PostHog's numbers in the write body", () => {
    expect(writeBody(termsOf({ targetEmail: "A@B.io", level: "owner" }), false)).toEqual({
      target_email: "a@b.io",
      first_name: "",
      level: 15,
      private_project_access: [],
      send_email: false,
    });
  });
});

describe("batch plan", () => {
  const applied = (email: string, firstName = "") => ({
    targetEmail: email,
    firstName,
    level: "member" as const,
    privateProjectAccess: [],
  });
  const state = {
    invites: [applied("a@x.io"), applied("b@x.io"), applied("c@x.io"), applied("m@x.io")],
    invitations: {
      "a@x.io": { inviteId: "1", status: "pending" as const, isExpired: false },
      "b@x.io": { inviteId: "2", status: "pending" as const, isExpired: false },
      "c@x.io": { inviteId: "3", status: "expired" as const, isExpired: true },
      "m@x.io": { inviteId: "4", status: "accepted" as const, isExpired: false },
    },
  };

  it("invites new and changed people, uninvites removed ones, re-levels a member, keeps the rest", () => {
    const plan = planBatch(
      state,
      declareInviteBatch({
        invites: [
          { targetEmail: "A@x.io" },
          { targetEmail: "b@x.io", firstName: "B" },
          { targetEmail: "d@x.io" },
          { targetEmail: "m@x.io", level: "admin" },
        ],
      }),
    );
    expect(plan.invite.map((p) => p.targetEmail)).toEqual(["b@x.io", "d@x.io"]);
    expect(plan.uninvite).toEqual(["c@x.io"]);
    // Issue 15: an accepted person is never invited again; a changed level is one PATCH of the membership.
    expect(plan.relevel.map((p) => p.targetEmail)).toEqual(["m@x.io"]);
    expect(plan.keep.map((p) => p.targetEmail)).toEqual(["a@x.io"]);
  });

  it("re-invites a person whose invite disappeared (no invitation recorded)", () => {
    const { "a@x.io": _gone, ...rest } = state.invitations;
    const plan = planBatch(
      { ...state, invitations: rest },
      declareInviteBatch({ invites: [{ targetEmail: "a@x.io" }] }),
    );
    expect(plan.invite.map((p) => p.targetEmail)).toEqual(["a@x.io"]);
  });
});
