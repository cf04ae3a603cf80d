// Issue 50, item 5: an invite that is gone counts as accepted only for a member who joined while it was valid,
// from its creation to PostHog's expiry three days later (src/resources/invite/acceptance.ts). fast-check over the
// join, creation and expiry instants.
import fc from "fast-check";
import {
  INVITE_VALIDITY_MS,
  JOIN_GRACE_MS,
  joinedWhileValid,
  unprovenBatchMember,
  unprovenMember,
} from "../../src/resources/invite/acceptance";
import type { WireMember } from "../../src/client";

const iso = (ms: number) => new Date(ms).toISOString();
const member = (joinedAt: string | null, id = "m-1"): WireMember =>
  ({
    id,
    user: { uuid: "u-1", email: "bob@example.com" },
    level: 1,
    joined_at: joinedAt,
  }) as unknown as WireMember;

const created = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });
const offset = fc.integer({ min: -30 * 86_400_000, max: 30 * 86_400_000 });

describe("acceptance is proven by time", () => {
  it("a join counts exactly when it is at or after the creation and at most the validity (and a minute) later", () => {
    fc.assert(
      fc.property(created, offset, (c, d) => {
        const inside = d >= 0 && d <= INVITE_VALIDITY_MS + JOIN_GRACE_MS;
        expect(joinedWhileValid(iso(c + d), iso(c))).toBe(inside);
      }),
    );
  });

  it("the edges: the creation instant and the expiry count; a join before the invite or a day after expiry does not", () => {
    const c = Date.UTC(2026, 10, 1, 12);
    expect(joinedWhileValid(iso(c), iso(c))).toBe(true);
    expect(joinedWhileValid(iso(c + INVITE_VALIDITY_MS), iso(c))).toBe(true);
    expect(joinedWhileValid(iso(c - 1000), iso(c))).toBe(false);
    expect(joinedWhileValid(iso(c + INVITE_VALIDITY_MS + 86_400_000), iso(c))).toBe(false);
  });

  it("no join time or no creation time proves nothing", () => {
    fc.assert(
      fc.property(created, (c) => {
        expect(joinedWhileValid(null, iso(c))).toBe(false);
        expect(joinedWhileValid(iso(c), null)).toBe(false);
        expect(joinedWhileValid("not a date", iso(c))).toBe(false);
      }),
    );
  });

  it("an Invite the state shows pending: the member counts only inside the window, and the reason names both times", () => {
    const c = Date.UTC(2026, 10, 1, 12);
    const props = { status: "pending", inviteId: "inv-a", createdAt: iso(c) };
    expect(unprovenMember("inv-a", props, member(iso(c + 3600_000)), "bob@example.com")).toBeUndefined();
    expect(unprovenMember("inv-a", props, member(iso(c + 4 * 86_400_000)), "bob@example.com")).toBe(
      `bob@example.com is a member, but joined at ${iso(c + 4 * 86_400_000)}, outside invite inv-a (valid from ` +
        `${iso(c)} to ${iso(c + INVITE_VALIDITY_MS)}): another invitation brought them in, not this one`,
    );
  });

  it("once accepted, the membership is the one the state names", () => {
    const props = { status: "accepted", memberId: "m-1", createdAt: null };
    expect(unprovenMember("inv-a", props, member(null, "m-1"), "bob@example.com")).toBeUndefined();
    expect(unprovenMember("inv-a", props, member(null, "m-2"), "bob@example.com")).toContain(
      "not through membership m-1",
    );
    // A person of a batch recorded as already a member is held by that membership's id.
    const held = { inviteId: "member:m-1", status: "accepted" as const, isExpired: false };
    expect(unprovenBatchMember(held, member(null, "m-1"), "bob@example.com")).toBeUndefined();
    expect(unprovenBatchMember(held, member(null, "m-9"), "bob@example.com")).toBeDefined();
  });
});
