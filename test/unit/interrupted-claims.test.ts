// What a provider process remembers about objects it made, took over or deleted (src/ownership/claims.ts), and
// the one invite listing per organization that take-overs look in (list-cache.ts).
import type { PostHogClient, WireInvite } from "../../src/client";
import {
  claimForAdoption,
  claimForDelete,
  claimForTakeOver,
  holdForRun,
  isUnclaimed,
  markCreated,
  markRefused,
} from "../../src/ownership/claims";
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
        'warning: Survey "Old name": not deleting survey left: another resource of this stack took it over in this run',
      ),
    );
  });

  it("an object deleted here is never taken over; kinds do not mix", () => {
    expect(claimForDelete("invite", "gone", "InviteBatch")).toBe(true);
    expect(claimForTakeOver("invite", "gone")).toBe(false);
    expect(claimForTakeOver("survey", "gone")).toBe(true);
  });
});

describe("adoption, import and diff are claims a delete respects", () => {
  let stderr: jest.SpyInstance;
  beforeEach(() => {
    stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  });
  afterEach(() => stderr.mockRestore());
  const NEW = "urn:pulumi:dev::shop::posthog-iac:index:Survey::renamed";
  const OTHER = "urn:pulumi:dev::shop::posthog-iac:index:Survey::other";

  it("an adopted object is not deleted by the resource leaving the stack; the warning names the holder", () => {
    expect(claimForAdoption("survey", "a1", NEW)).toBeUndefined();
    expect(claimForDelete("survey", "a1", 'Survey "NPS"')).toBe(false);
    expect(stderr).toHaveBeenCalledWith(
      expect.stringContaining(
        `warning: Survey "NPS": not deleting survey a1: resource "renamed" (${NEW}) of this stack adopted or ` +
          "imported it in this run. It stays in PostHog, managed by that resource; only this resource leaves the stack.",
      ),
    );
    // Nor taken over by a create of this run.
    expect(claimForTakeOver("survey", "a1", OTHER)).toBe(false);
  });

  it("a diff that keeps the id holds it: no delete, no take-over and no adoption by another resource", () => {
    holdForRun("survey", "h1", NEW);
    expect(isUnclaimed("survey", "h1")).toBe(true);
    expect(claimForDelete("survey", "h1", 'Survey "NPS"')).toBe(false);
    expect(stderr).toHaveBeenCalledWith(
      expect.stringContaining(`resource "renamed" (${NEW}) of this stack holds it`),
    );
    // A take-over never overrides what another resource holds (issue 50, item 4); the holder's own may.
    holdForRun("survey", "h4", NEW);
    expect(claimForTakeOver("survey", "h4", OTHER)).toBe(false);
    expect(claimForTakeOver("survey", "h4", NEW)).toBe(true);
    // One object, one resource of the stack (issue 55, item 7): another resource's adoption is refused, naming the
    // holder; the holder's own is not.
    holdForRun("survey", "h2", NEW);
    expect(claimForAdoption("survey", "h2", OTHER)).toBe(
      `resource "renamed" (${NEW}) of this stack holds it: one object is managed by one resource of a stack`,
    );
    expect(claimForAdoption("survey", "h2", NEW)).toBeUndefined();
    // A hold never weakens a stronger claim, and an unknown holder or id records nothing.
    expect(claimForAdoption("survey", "h5", OTHER)).toBeUndefined();
    holdForRun("survey", "h5", NEW);
    expect(claimForTakeOver("survey", "h5", NEW)).toBe(false);
    holdForRun("survey", "h3", undefined);
    holdForRun("survey", "", NEW);
    expect(claimForDelete("survey", "h3", "Survey")).toBe(true);
  });

  it("an object a create of this run was refused on is not deleted: the delete fails, so the resource stays", () => {
    markRefused("survey", "r1", NEW);
    expect(() => claimForDelete("survey", "r1", 'Survey "NPS"')).toThrow(
      `Survey "NPS": not deleting survey r1: in this run the create of resource "renamed" (${NEW}) was refused on it`,
    );
    // Adopting it afterwards is allowed (the refused resource, adopting next time), and the delete then skips.
    expect(claimForAdoption("survey", "r1", NEW)).toBeUndefined();
    expect(claimForDelete("survey", "r1", 'Survey "NPS"')).toBe(false);
    // A refusal never replaces a claim, nor resurrects a deleted object.
    expect(claimForDelete("survey", "r2", "Survey")).toBe(true);
    markRefused("survey", "r2", NEW);
    expect(claimForDelete("survey", "r2", "Survey")).toBe(true);
  });

  it("a second adoption of one object in a run is refused, naming who has it; the same holder may repeat", () => {
    markCreated("invite", "c1", OTHER);
    expect(claimForAdoption("invite", "c1", NEW)).toBe(
      `resource "other" (${OTHER}) of this run already created it`,
    );
    expect(claimForAdoption("invite", "d1", NEW)).toBeUndefined();
    expect(claimForAdoption("invite", "d1", NEW)).toBeUndefined();
    expect(claimForDelete("invite", "e1", "Invite")).toBe(true);
    expect(claimForAdoption("invite", "e1", NEW)).toBe("this run deleted invite e1");
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
