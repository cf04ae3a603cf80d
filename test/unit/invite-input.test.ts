import { normaliseEmail, validateBatchInputs, validateInviteInputs } from "../../src/resources/invite/inputs";
import { UNKNOWN } from "../../src/provider-kit/unknown";

describe("invite input validation", () => {
  it("accepts a minimal and a full invite", () => {
    expect(validateInviteInputs({ targetEmail: "a@example.com" })).toEqual([]);
    expect(
      validateInviteInputs({
        organizationId: "@current",
        targetEmail: "Alice.Smith+team@Example.co.uk",
        firstName: "x".repeat(30),
        message: null,
        level: "owner",
        privateProjectAccess: [{ id: 1, level: "admin" }],
        sendEmail: false,
        renewWhenExpired: false,
        adopt: true,
      }),
    ).toEqual([]);
  });

  it.each([
    ["a@", "not a valid email"],
    ["a@b", "not a valid email"],
    ["@b.com", "not a valid email"],
    ["a@@b.com", "not a valid email"],
    ["a@b..com", "not a valid email"],
    ["a@b.com ", "whitespace"],
    ["a\t@b.com", "whitespace"],
  ])("rejects %j", (email, reason) => {
    expect(validateInviteInputs({ targetEmail: email })).toEqual([
      { property: "targetEmail", reason: expect.stringContaining(reason) },
    ]);
  });

  it("names each bad property", () => {
    const failures = validateInviteInputs({
      targetEmail: 3,
      firstName: "y".repeat(31),
      level: 8,
      privateProjectAccess: [
        { id: 1, level: "member" },
        { id: 1, level: "admin" },
      ],
      sendEmail: "yes",
      organizationId: " ",
    });
    expect(failures.map((f) => f.property).sort()).toEqual([
      "firstName",
      "level",
      "organizationId",
      "privateProjectAccess",
      "sendEmail",
      "targetEmail",
    ]);
    expect(failures.find((f) => f.property === "privateProjectAccess")?.reason).toContain(
      "same project twice",
    );
  });

  it("skips preview-unknown values", () => {
    expect(
      validateInviteInputs({ targetEmail: UNKNOWN, level: UNKNOWN, privateProjectAccess: [UNKNOWN] }),
    ).toEqual([]);
  });

  it("normalises email case", () => {
    expect(normaliseEmail("Test.User@Example.COM")).toBe("test.user@example.com");
  });
});

describe("batch input validation", () => {
  it("accepts a batch, and unknowns at any level", () => {
    expect(
      validateBatchInputs({ invites: [{ targetEmail: "a@x.io", level: "admin" }], message: "hi" }),
    ).toEqual([]);
    expect(validateBatchInputs({ invites: UNKNOWN })).toEqual([]);
    expect(
      validateBatchInputs({ invites: [UNKNOWN, { targetEmail: UNKNOWN }, { targetEmail: "a@x.io" }] }),
    ).toEqual([]);
  });

  it("rejects duplicates by normalised email", () => {
    expect(validateBatchInputs({ invites: [{ targetEmail: "A@x.io" }, { targetEmail: "a@X.io" }] })).toEqual([
      {
        property: "invites",
        reason: expect.stringContaining("invites[1] repeats a@x.io (already invites[0]"),
      },
    ]);
  });

  it("rejects non-objects and bad fields inside a person", () => {
    const failures = validateBatchInputs({ invites: ["a@x.io", { targetEmail: "b@x.io", level: "boss" }] });
    expect(failures).toEqual([
      { property: "invites", reason: expect.stringContaining("invites[0] must be an object") },
      {
        property: "invites",
        reason: 'invites[1].level: level must be one of: member, admin, owner; got "boss".',
      },
    ]);
  });

  it("a person written with `email` is told the key is targetEmail", () => {
    expect(validateBatchInputs({ invites: [{ email: "a@x.io" }] })).toEqual([
      {
        property: "invites",
        reason:
          'invites[0]: "email" is not a known input. Did you mean "targetEmail"? Remove it or rename it.',
      },
      {
        property: "invites",
        reason:
          "invites[0].targetEmail: targetEmail is required: the email address to invite, e.g. alice@example.com.",
      },
    ]);
  });
});
