// The bad-input catalogue: invalid Invite, InviteBatch and Survey definitions (beyond the cases in
// test/survey/check.test.ts and test/invite/check.test.ts) are refused at check, at preview time, with the
// property named and a reason saying what to fix, and without a single HTTP request.
import { Invite, InviteArgs, InviteBatch, InviteBatchArgs, Survey, SurveyArgs } from "../../src";
import { ReliabilityStack, startReliabilityStack } from "./helpers";
import { failuresAt } from "../support/failures-at";

let rs: ReliabilityStack;
beforeAll(async () => {
  rs = await startReliabilityStack();
});
afterEach(() => rs.expectNoKeyLeaked());
afterAll(async () => rs?.close());

type Kind = "Invite" | "InviteBatch" | "Survey";
type Args = Record<string, unknown>;
/** [resource, what is wrong, the inputs, the property the failure must name, a fragment of its reason] */
type Case = [Kind, string, Args, string, string];

const email = "alice@example.com";
const person = (extra: Args) => ({ invites: [{ targetEmail: email, ...extra }] });
const ok = { name: "Catalogue", type: "popover" };

const CASES: Case[] = [
  // Invite: types, emails, lengths, nesting, unknown keys.
  ["Invite", "email that is a number", { targetEmail: 42 }, "targetEmail", "e.g. alice@example.com"],
  ["Invite", "email with two @", { targetEmail: "a@b@example.com" }, "targetEmail", "not a valid email"],
  [
    "Invite",
    "email without a dotted domain",
    { targetEmail: "alice@localhost" },
    "targetEmail",
    "not a valid email",
  ],
  [
    "Invite",
    "email with an empty domain label",
    { targetEmail: "alice@example..com" },
    "targetEmail",
    "not a valid email",
  ],
  [
    "Invite",
    "email over 254 characters",
    { targetEmail: `${"a".repeat(250)}@example.com` },
    "targetEmail",
    "254",
  ],
  ["Invite", "email with a trailing newline", { targetEmail: `${email}\n` }, "targetEmail", "whitespace"],
  [
    "Invite",
    "first name that is a number",
    { targetEmail: email, firstName: 42 },
    "firstName",
    "must be a string",
  ],
  ["Invite", "level as PostHog's number", { targetEmail: email, level: 8 }, "level", "member, admin, owner"],
  [
    "Invite",
    "message that is an object",
    { targetEmail: email, message: { text: "hi" } },
    "message",
    "must be a string",
  ],
  ["Invite", "sendEmail as a string", { targetEmail: email, sendEmail: "yes" }, "sendEmail", "true or false"],
  [
    "Invite",
    "renewWhenExpired as a number",
    { targetEmail: email, renewWhenExpired: 1 },
    "renewWhenExpired",
    "true or false",
  ],
  ["Invite", "adopt as a string", { targetEmail: email, adopt: "true" }, "adopt", "true or false"],
  [
    "Invite",
    "project access not a list",
    { targetEmail: email, privateProjectAccess: { id: 1, level: "member" } },
    "privateProjectAccess",
    "must be a list",
  ],
  [
    "Invite",
    "project id as a string",
    { targetEmail: email, privateProjectAccess: [{ id: "1", level: "member" }] },
    "privateProjectAccess",
    "project id",
  ],
  [
    "Invite",
    "negative project id",
    { targetEmail: email, privateProjectAccess: [{ id: -1, level: "member" }] },
    "privateProjectAccess",
    "positive",
  ],
  [
    "Invite",
    "the same project twice",
    {
      targetEmail: email,
      privateProjectAccess: [
        { id: 1, level: "member" },
        { id: 1, level: "admin" },
      ],
    },
    "privateProjectAccess",
    "same project twice",
  ],
  [
    "Invite",
    "project access entry with an extra key",
    { targetEmail: email, privateProjectAccess: [{ id: 1, level: "member", role: "x" }] },
    "privateProjectAccess",
    "each privateProjectAccess entry must be",
  ],
  [
    "Invite",
    "organization id with a space",
    { targetEmail: email, organizationId: "org 1" },
    "organizationId",
    "without spaces",
  ],
  [
    "Invite",
    "organization id as a number",
    { targetEmail: email, organizationId: 1 },
    "organizationId",
    "must be a string",
  ],
  [
    "Invite",
    "snake_case key",
    { targetEmail: email, first_name: "Alice" },
    "first_name",
    'Did you mean "firstName"',
  ],
  [
    "Invite",
    "arguments nested one level too deep",
    { invite: { targetEmail: email } },
    "invite",
    "not a known input",
  ],
  // InviteBatch.
  [
    "InviteBatch",
    "invites as one object",
    { invites: { targetEmail: email } },
    "invites",
    "a list of people",
  ],
  [
    "InviteBatch",
    "a person given as a bare string",
    { invites: [email] },
    "invites",
    "invites[0] must be an object",
  ],
  [
    "InviteBatch",
    "a null person",
    { invites: [{ targetEmail: email }, null] },
    "invites",
    "invites[1] must be an object",
  ],
  [
    "InviteBatch",
    "a person without an email",
    { invites: [{ firstName: "A" }] },
    "invites",
    "invites[0].targetEmail",
  ],
  ["InviteBatch", "a person with a bad level", person({ level: "root" }), "invites", "invites[0].level"],
  [
    "InviteBatch",
    "a person with bad project access",
    person({ privateProjectAccess: [{ id: 1 }] }),
    "invites",
    "invites[0].privateProjectAccess",
  ],
  [
    "InviteBatch",
    "a person carrying a batch-level key",
    person({ message: "hi" }),
    "invites",
    '"message" is not a known input',
  ],
  [
    "InviteBatch",
    "the same person 24 places apart",
    {
      invites: Array.from({ length: 25 }, (_, i) => ({
        targetEmail: i === 24 ? "p0@example.com" : `p${i}@example.com`,
      })),
    },
    "invites",
    "invites[24] repeats p0@example.com",
  ],
  [
    "InviteBatch",
    "message as a number",
    { invites: [{ targetEmail: email }], message: 7 },
    "message",
    "must be a string",
  ],
  [
    "InviteBatch",
    "sendEmail as a string",
    { invites: [{ targetEmail: email }], sendEmail: "no" },
    "sendEmail",
    "true or false",
  ],
  [
    "InviteBatch",
    "misspelled batch key",
    { invites: [{ targetEmail: email }], mesage: "hi" },
    "mesage",
    'Did you mean "message"',
  ],
  [
    "InviteBatch",
    "empty organization id",
    { invites: [{ targetEmail: email }], organizationId: " " },
    "organizationId",
    "organization UUID",
  ],
  // Survey cases not in test/survey/check.test.ts.
  ["Survey", "name that is a number", { ...ok, name: 42 }, "name", "name must be a string"],
  ["Survey", "type that is a number", { ...ok, type: 1 }, "type", "1 is not a known survey type"],
  // A survey over PostHog's 20 MiB body limit is test/unit/body-limit.test.ts's, at the boundary: through this
  // harness it cannot come back, as check echoes the inputs and the harness's gRPC client keeps grpc-js's
  // default 4 MiB receive limit (the real engine's is 400 MiB).
  [
    "Survey",
    "questions nested in an extra list",
    { ...ok, questions: [[{ type: "open", question: "Q?" }]] },
    "questions",
    "questions[0]",
  ],
  [
    "Survey",
    "a question given as a bare string",
    { ...ok, questions: ["How are you?"] },
    "questions",
    'questions[0] must be an object like {type: "open"',
  ],
  ["Survey", "startDate as epoch milliseconds", { ...ok, startDate: 1767225600000 }, "startDate", "ISO 8601"],
  [
    "Survey",
    "endDate with month 13",
    { ...ok, endDate: "2026-13-01T00:00:00Z" },
    "endDate",
    "there is no month 13",
  ],
  ["Survey", "archived as a string", { ...ok, archived: "false" }, "archived", "true or false"],
  ["Survey", "snake_case key", { ...ok, linked_flag_id: 3 }, "linked_flag_id", 'Did you mean "linkedFlagId"'],
  [
    "Survey",
    "iterationFrequencyDays over a year",
    { ...ok, iterationFrequencyDays: 366 },
    "iterationFrequencyDays",
    "between 1 and 365",
  ],
  [
    "Survey",
    "adopt with an unknown key",
    { ...ok, adopt: { uuid: "x" } },
    "adopt",
    'adopt takes only "id" or "name", not "uuid"',
  ],
];

function declare(kind: Kind, args: Args): () => void {
  return () => {
    if (kind === "Invite") new Invite("bad", args as unknown as InviteArgs);
    else if (kind === "InviteBatch") new InviteBatch("bad", args as unknown as InviteBatchArgs);
    else new Survey("bad", args as unknown as SurveyArgs);
  };
}

describe("bad input catalogue", () => {
  it.each(CASES)(
    "%s: refuses %s at check, naming the property, with zero requests",
    async (kind, _what, args, property, reason) => {
      await rs.stack.clearRequests();
      const result = await rs.newEngine().preview(declare(kind, args));
      const failures = result.steps.flatMap((s) => s.checkFailures);
      expect(failuresAt(failures, property)).not.toEqual([]);
      expect(
        failuresAt(failures, property)
          .map((f) => f.reason)
          .join("\n"),
      ).toContain(reason);
      expect(result.errors.length).toBeGreaterThan(0);
      expect(await rs.stack.requests()).toEqual([]);
    },
  );

  it("covers at least 30 invalid definitions across Invite, InviteBatch and Survey", () => {
    const per = (kind: Kind) => CASES.filter((c) => c[0] === kind).length;
    console.log(
      `bad input catalogue: ${CASES.length} cases (Invite ${per("Invite")}, InviteBatch ${per("InviteBatch")}, Survey ${per("Survey")}); test/survey/check.test.ts adds 31 more`,
    );
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CASES.map((c) => `${c[0]} ${c[1]}`)).size).toBe(CASES.length);
  });

  it("refuses a bad definition at up too, creating nothing", async () => {
    await rs.stack.clearRequests();
    const engine = rs.newEngine();
    const up = await engine.up(() => {
      new Invite("bad", { targetEmail: "not an email" });
      new InviteBatch("worse", { invites: [{ targetEmail: email }, { targetEmail: email.toUpperCase() }] });
    });
    expect(up.errors.map((e) => e.urn.split("::").pop()).sort()).toEqual(["bad", "worse"]);
    expect(engine.state()).toEqual([]);
    expect(await rs.stack.requests()).toEqual([]);
  });
});
