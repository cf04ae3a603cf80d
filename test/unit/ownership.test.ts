// The ownership rule's pieces (docs/contributing/interrupted-runs.md, "Ownership"): the identity read from a URN,
// the question ids a survey create derives from it, the check that a survey carries them, and a late create that
// looks until the deadline and never sends the POST again.
import { PostHogApiError } from "../../src/client";
import { resolveSettings } from "../../src/config";
import { identityFromUrn, resourceUrn } from "../../src/ownership/identity";
import { findLateCreate } from "../../src/ownership/late-create";
import {
  earlierQuestionId,
  ownedQuestionId,
  ownedQuestionIds,
  siblingMade,
  unproven,
} from "../../src/resources/survey/ownership";
import { isStackMark, newStackMark } from "../../src/ownership/stack-mark";
import fc from "fast-check";

const MARK = "AAAAAAAAAAAAAAAAAAAAAA";
const owner = { project: "shop", stack: "a", parents: "", name: "nps", mark: MARK };

describe("identity from a URN", () => {
  it("reads project, stack and name, a name with '::' included, under a parent's type chain", () => {
    const { mark: _mark, ...fromUrn } = owner;
    expect(identityFromUrn("urn:pulumi:a::shop::posthog-iac:index:Survey::nps")).toEqual(fromUrn);
    expect(identityFromUrn("urn:pulumi:a::shop::my:C$posthog-iac:index:Survey::x::y")).toEqual({
      ...fromUrn,
      parents: "my:C",
      name: "x::y",
    });
    expect(identityFromUrn("urn:pulumi:a::shop::my:Org$my:Team$posthog-iac:index:Survey::nps")).toEqual({
      ...fromUrn,
      parents: "my:Org$my:Team",
    });
    expect(identityFromUrn(resourceUrn("shop", "a", "pulumi-nodejs:dynamic/posthog:Survey", "nps"))).toEqual(
      fromUrn,
    );
  });

  it("builds a child's URN as the engine does: the parent's qualified type, never the root stack's", () => {
    const type = "pulumi-nodejs:dynamic/posthog:Survey";
    expect(resourceUrn("shop", "a", type, "nps", "urn:pulumi:a::shop::pulumi:pulumi:Stack::shop-a")).toBe(
      `urn:pulumi:a::shop::${type}::nps`,
    );
    expect(resourceUrn("shop", "a", type, "nps", "urn:pulumi:a::shop::my:Org$my:Team::team")).toBe(
      `urn:pulumi:a::shop::my:Org$my:Team$${type}::nps`,
    );
  });

  it("is undefined for anything else", () => {
    for (const value of [undefined, 42, "", "nps", "urn:pulumi:a::shop::type", "urn:pulumi:::shop::t::n"])
      expect(identityFromUrn(value)).toBeUndefined();
  });
});

describe("question ids derived from the stack's mark", () => {
  it("are UUIDs (version 8), stable across releases: a change would orphan every interrupted create", () => {
    expect(ownedQuestionId(owner, 0)).toBe(ownedQuestionId({ ...owner }, 0));
    // The stack's part (48 bits, the mark alone), then the earlier release's id past its first 48 bits.
    expect(ownedQuestionId({ project: "p", stack: "a", parents: "", name: "nps", mark: MARK }, 0)).toBe(
      "57d39cda-b9bb-8e98-9d03-b4ec3c6dc641",
    );
    expect(earlierQuestionId({ project: "p", stack: "a", parents: "", name: "nps", mark: MARK }, 0)).toBe(
      "bc9448c5-15ed-8e98-9d03-b4ec3c6dc641",
    );
    expect(ownedQuestionId(owner, 0)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("differ by mark, name and position; the same for one mark whatever the stack and project are called", () => {
    const ids = [
      ownedQuestionId(owner, 0),
      ownedQuestionId(owner, 1),
      ownedQuestionId({ ...owner, mark: newStackMark() }, 0),
      ownedQuestionId({ ...owner, name: "onboarding" }, 0),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    // `pulumi stack rename` (another stack name, even another project) keeps the mark, so keeps the ids.
    expect(ownedQuestionId({ ...owner, stack: "old-a", project: "moved" }, 0)).toBe(
      ownedQuestionId(owner, 0),
    );
  });

  it("differ by the parents' type chain: two components of different types, each with a child of one name", () => {
    const underTeam = { ...owner, parents: "my:Team" };
    const underOrg = { ...owner, parents: "my:Org" };
    const ids = [ownedQuestionId(owner, 0), ownedQuestionId(underTeam, 0), ownedQuestionId(underOrg, 0)];
    expect(new Set(ids).size).toBe(3);
    // A child's ids never prove a sibling's survey, nor a top-level one's.
    expect(unproven(underOrg, [{ question: "q" }], [{ id: ownedQuestionId(underTeam, 0) }])).toContain(
      "question ids are not this resource's",
    );
    expect(unproven(owner, [{ question: "q" }], [{ id: ownedQuestionId(underTeam, 0) }])).toContain(
      "question ids are not this resource's",
    );
    expect(unproven(owner, [{ question: "q" }], [{ id: ownedQuestionId(owner, 0) }])).toBeUndefined();
    // A create interrupted under the release before the stack's part (the pinned value above) stays provable.
    expect(unproven(owner, [{ question: "q" }], [{ id: earlierQuestionId(owner, 0) }])).toBeUndefined();
    expect(
      unproven(underTeam, [{ question: "q" }], [{ id: earlierQuestionId(underTeam, 0) }]),
    ).toBeUndefined();
    expect(unproven(owner, [{ question: "q" }], [{ id: earlierQuestionId(underTeam, 0) }])).toContain(
      "question ids are not this resource's",
    );
  });

  it("two stacks with one project and stack name (two backends, or a stack re-created under a renamed one's name) get other ids", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        (a, b) => {
          fc.pre(Buffer.from(a).compare(Buffer.from(b)) !== 0);
          const first = { ...owner, mark: Buffer.from(a).toString("base64url") };
          const second = { ...owner, mark: Buffer.from(b).toString("base64url") };
          expect(ownedQuestionId(first, 0)).not.toBe(ownedQuestionId(second, 0));
          expect(unproven(second, [{ question: "q" }], [{ id: ownedQuestionId(first, 0) }])).toContain(
            "question ids are not this resource's",
          );
        },
      ),
    );
  });

  it("mark only the questions declared without an id, and nothing without an identity or a mark", () => {
    const declared = [{ question: "a" }, { question: "b", id: "mine" }, { question: "c" }];
    expect(ownedQuestionIds(owner, declared)).toEqual([
      { id: ownedQuestionId(owner, 0) },
      {},
      { id: ownedQuestionId(owner, 2) },
    ]);
    expect(ownedQuestionIds(undefined, declared)).toEqual([]);
    const { mark: _mark, ...unmarked } = owner;
    expect(ownedQuestionIds(unmarked, declared)).toEqual([]);
  });

  it("a new mark is 22 base64url characters (128 random bits)", () => {
    const marks = Array.from({ length: 50 }, newStackMark);
    expect(marks.every(isStackMark)).toBe(true);
    expect(new Set(marks).size).toBe(50);
    expect(isStackMark("dev")).toBe(false);
  });
});

describe("the proof", () => {
  const declared = [{ question: "a" }, { question: "b", id: "mine" }];
  const held = (ids: string[]) => ids.map((id) => ({ id }));

  it("holds when every derived id is at its position", () => {
    expect(unproven(owner, declared, held([ownedQuestionId(owner, 0), "mine"]))).toBeUndefined();
  });

  it("fails for another stack's ids, random ids, no identity or mark, and nothing to mark", () => {
    const other = ownedQuestionId({ ...owner, mark: newStackMark() }, 0);
    expect(unproven(owner, declared, held([other, "mine"]))).toContain(
      "question ids are not this resource's",
    );
    expect(unproven(owner, declared, held(["4f1c2b8e-0000-4000-8000-000000000000", "mine"]))).toContain(
      "question ids are not this resource's",
    );
    expect(unproven(undefined, declared, held([ownedQuestionId(owner, 0)]))).toContain(
      "not told which resource",
    );
    const { mark: _mark, ...unmarked } = owner;
    expect(unproven(unmarked, declared, held([ownedQuestionId(owner, 0), "mine"]))).toContain(
      "not told this stack's mark",
    );
    expect(unproven(owner, [{ question: "b", id: "mine" }], held(["mine"]))).toContain(
      "every question declares an explicit id",
    );
    expect(unproven(owner, [], [])).toContain("every question declares an explicit id");
  });
});

describe("a survey another resource of this stack created (issue 55, item 7)", () => {
  const name = fc.string({ minLength: 1 }).filter((n) => n !== owner.name);

  it("is told by the stack's part of its ids, whatever that resource's name, parents and position", () => {
    fc.assert(
      fc.property(name, fc.constantFrom("", "my:Team"), fc.nat({ max: 20 }), (other, parents, index) => {
        const sibling = { ...owner, name: other, parents };
        const questions = [
          { id: "4f1c2b8e-0000-4000-8000-000000000000" },
          { id: ownedQuestionId(sibling, index) },
        ];
        expect(siblingMade(owner, questions)).toBe(true);
        // The sibling itself sees its own survey.
        expect(siblingMade(sibling, [{ id: ownedQuestionId(sibling, index) }])).toBe(false);
      }),
    );
  });

  it("is not said of this resource's own survey, another stack's, PostHog's ids, the earlier form, or without a mark", () => {
    fc.assert(
      fc.property(fc.nat({ max: 20 }), name, (index, other) => {
        expect(siblingMade(owner, [{ id: ownedQuestionId(owner, index) }])).toBe(false);
        const otherStack = { ...owner, name: other, mark: newStackMark() };
        expect(siblingMade(owner, [{ id: ownedQuestionId(otherStack, index) }])).toBe(false);
        // The earlier form has no stack's part: a sibling's survey created before it is not told.
        expect(siblingMade(owner, [{ id: earlierQuestionId({ ...owner, name: other }, index) }])).toBe(false);
      }),
    );
    expect(siblingMade(owner, [{ id: "4f1c2b8e-0000-4000-8000-000000000000" }, { id: "mine" }, {}])).toBe(
      false,
    );
    const { mark: _mark, ...unmarked } = owner;
    expect(siblingMade(unmarked, [{ id: ownedQuestionId({ ...owner, name: "x" }, 0) }])).toBe(false);
    expect(siblingMade(undefined, [{ id: ownedQuestionId({ ...owner, name: "x" }, 0) }])).toBe(false);
  });
});

describe("a create answered late", () => {
  const error = (code: string) =>
    new PostHogApiError({
      method: "POST",
      path: "/api/organizations/o/invites/",
      status: 0,
      code,
      outcomeUnknown: true,
    });
  const settings = resolveSettings({ requestTimeoutMs: 40, requestDeadlineMs: 400 }, {});

  it("after a timeout, looks again until the object lands", async () => {
    let calls = 0;
    const found = await findLateCreate(
      error("timeout"),
      settings,
      Date.now(),
      async () => ++calls >= 3,
      Boolean,
    );
    expect(found).toBe(true);
    expect(calls).toBe(3);
  });

  it("after a timeout, gives up at the deadline saying the POST may have been applied and was not sent again", async () => {
    let calls = 0;
    const started = Date.now();
    await expect(
      findLateCreate(error("timeout"), settings, started, async () => (calls++, false), Boolean),
    ).rejects.toThrow(
      /POST \/api\/organizations\/o\/invites\/ got no answer .*so it may have been applied; it was not sent again, and lookups for what it made found nothing within \d+ s\. Run pulumi up again: it looks for the object before posting anything/,
    );
    expect(calls).toBeGreaterThan(2);
  });

  it("after a dropped connection, looks once", async () => {
    let calls = 0;
    await expect(
      findLateCreate(error("network"), settings, Date.now(), async () => (calls++, false), Boolean),
    ).rejects.toThrow("may have been applied");
    expect(calls).toBe(1);
  });
});
