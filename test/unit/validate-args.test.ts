// Issue 29: the checks preview runs, exported for a program's unit tests (setMocks never calls the provider).
// Each gives the failures preview gives, and [] for arguments preview accepts.
import * as pulumi from "@pulumi/pulumi";
import { validateInvite, validateInviteBatch, validateSurvey } from "../../src";

describe("validateSurvey", () => {
  it("accepts a survey preview accepts", () => {
    expect(
      validateSurvey({
        name: "NPS",
        type: "popover",
        questions: [{ type: "rating", question: "How likely?", scale: 10 }],
        startDate: new Date("2030-01-01T00:00:00Z"),
      }),
    ).toEqual([]);
  });

  it("reports what preview reports, naming the input", () => {
    expect(validateSurvey({ name: "NPS", type: "popover", nmae: "x" } as never)).toEqual([
      {
        property: "nmae",
        reason: '"nmae" is not a known input. Did you mean "name"? Remove it or rename it.',
      },
    ]);
    expect(
      validateSurvey({
        name: "NPS",
        type: "popover",
        conditions: { events: { values: [{} as never] } },
      }),
    ).toEqual([
      {
        property: "conditions",
        reason: 'conditions.events.values[0].name: event name is required, e.g. {name: "$pageview"}.',
      },
    ]);
  });

  it("treats an Output or a Promise as not known yet, as preview does", () => {
    expect(
      validateSurvey({ name: pulumi.output("later"), type: Promise.resolve("popover" as const) }),
    ).toEqual([]);
  });
});

describe("validateInvite and validateInviteBatch", () => {
  it("report a bad level with the value, and a person's `email` as targetEmail", () => {
    expect(validateInvite({ targetEmail: "a@example.com", level: "boss" as never })).toEqual([
      { property: "level", reason: 'level must be one of: member, admin, owner; got "boss".' },
    ]);
    expect(validateInvite({ targetEmail: "a@example.com", level: "admin" })).toEqual([]);
    expect(validateInviteBatch({ invites: [{ targetEmail: "b@example.com" }] })).toEqual([]);
    expect(validateInviteBatch({ invites: [{ email: "b@example.com" } as never] })[0]).toEqual({
      property: "invites",
      reason: 'invites[0]: "email" is not a known input. Did you mean "targetEmail"? Remove it or rename it.',
    });
  });
});
