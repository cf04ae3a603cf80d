// What a provider process remembers about objects it made, took over or deleted (src/provider-kit/
// interrupted.ts), and the one invite listing per organization that take-overs look in (list-cache.ts).
import type { PostHogClient, WireInvite } from "../../src/client";
import {
  claimForDelete,
  claimForTakeOver,
  isUnclaimed,
  markCreated,
} from "../../src/provider-kit/interrupted";
import { invalidateOrganization, invitesAtStart } from "../../src/provider-kit/list-cache";

describe("claims", () => {
  let stderr: jest.SpyInstance;
  beforeEach(() => {
    stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  });
  afterEach(() => stderr.mockRestore());

  it("an object this process made is never taken over, and may be deleted", () => {
    markCreated("invite", "made");
    expect(isUnclaimed("invite", "made")).toBe(false);
    expect(claimForTakeOver("invite", "made")).toBe(false);
    expect(claimForDelete("invite", "made", "Invite")).toBe(true);
    expect(stderr).not.toHaveBeenCalled();
  });

  it("an object taken over is taken once, and its delete is refused with a warning", () => {
    expect(isUnclaimed("survey", "left")).toBe(true);
    expect(claimForTakeOver("survey", "left")).toBe(true);
    expect(claimForTakeOver("survey", "left")).toBe(false);
    expect(claimForDelete("survey", "left", 'Survey "Old name"')).toBe(false);
    expect(stderr).toHaveBeenCalledWith(
      expect.stringContaining(
        'warning: Survey "Old name": not deleting survey left: another resource of this run took it over',
      ),
    );
  });

  it("an object deleted here is never taken over; kinds do not mix", () => {
    expect(claimForDelete("invite", "gone", "InviteBatch")).toBe(true);
    expect(claimForTakeOver("invite", "gone")).toBe(false);
    expect(claimForTakeOver("survey", "gone")).toBe(true);
  });
});

describe("invitesAtStart", () => {
  function fakeClient(failFirst = false) {
    let calls = 0;
    const client = {
      invites: {
        listAll: async (org: string) => {
          calls++;
          if (failFirst && calls === 1) throw new Error("listing failed");
          return [{ id: `${org}-${calls}` }] as unknown as WireInvite[];
        },
      },
    } as unknown as PostHogClient;
    return { client, calls: () => calls };
  }

  it("lists once per organization and process, shared by concurrent callers, and survives writes", async () => {
    const fake = fakeClient();
    const results = await Promise.all(Array.from({ length: 20 }, () => invitesAtStart(fake.client, "o1")));
    expect(new Set(results.map((r) => r[0].id))).toEqual(new Set(["o1-1"]));
    invalidateOrganization(fake.client, "o1"); // a write drops refresh's cache, not the first look
    expect((await invitesAtStart(fake.client, "o1"))[0].id).toBe("o1-1");
    expect((await invitesAtStart(fake.client, "o2"))[0].id).toBe("o2-2");
    expect(fake.calls()).toBe(2);
  });

  it("does not remember a failed listing", async () => {
    const fake = fakeClient(true);
    await expect(invitesAtStart(fake.client, "o1")).rejects.toThrow("listing failed");
    expect((await invitesAtStart(fake.client, "o1"))[0].id).toBe("o1-2");
  });
});
