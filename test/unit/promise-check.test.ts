// The CLI suite's promise check (test/support/promise-check.ts) on runs and requests written out here: it finds the
// request that breaks a printed promise, and no other.
import type { TappedRequest } from "posthog-emulator";
import { deleteRefusal, surveyNamed } from "../../src/resources/survey/deletion-protection";
import type { CliRun } from "../support/cli-runs";
import { brokenPromises, hostKey, printedPromises } from "../support/promise-check";

const A = "http://127.0.0.1:4001";
const B = "http://127.0.0.1:4002";
const ORG = "0190a0a0-0000-7000-8000-000000000001";
const MEMBER = "0190a0a0-0000-7000-8000-0000000000aa";
const SURVEY = "0190a0a0-0000-7000-8000-0000000000bb";

const run = (args: string[], at: number, output: string): CliRun => ({
  args,
  startedAt: at,
  endedAt: at + 10,
  output,
});
const req = (
  url: string,
  method: string,
  path: string,
  at: number,
  extra: Partial<TappedRequest> = {},
): TappedRequest => ({
  url,
  method,
  path,
  query: "",
  status: method === "DELETE" ? 204 : 200,
  time: new Date(at).toISOString(),
  body: null,
  response: undefined,
  ...extra,
});

const alreadyMember =
  `  warning: Invite "ana": ana@example.com is already a member of organization ${ORG}; nothing was sent. The invite\n` +
  "  is recorded as accepted (destroying it never removes the member).";
const memberListing = req(A, "GET", `/api/organizations/${ORG}/members/`, 1_005, {
  response: { results: [{ user: { uuid: MEMBER, email: "ana@example.com" } }] },
});

describe("the promise check", () => {
  it("finds case 1: the member a warning said is never removed, removed by a later destroy", () => {
    const runs = [run(["up", "--yes"], 1_000, alreadyMember), run(["destroy", "--yes"], 2_000, "")];
    const removal = req(A, "DELETE", `/api/organizations/${ORG}/members/${MEMBER}/`, 2_005);
    const broken = brokenPromises(runs, [memberListing, removal]);
    expect(broken).toHaveLength(1);
    expect(broken[0]).toContain(`DELETE ${A}/api/organizations/${ORG}/members/${MEMBER}/ 204`);
    expect(broken[0]).toContain("destroying it never removes the member");
    // Without the removal, or with another person's, the promise holds.
    expect(brokenPromises(runs, [memberListing])).toEqual([]);
    const other = req(
      A,
      "DELETE",
      `/api/organizations/${ORG}/members/0190a0a0-0000-7000-8000-0000000000cc/`,
      2_005,
    );
    expect(brokenPromises(runs, [memberListing, other])).toEqual([]);
  });

  it("finds case 2: a survey said never deleted at one host, deleted there, and not one deleted at another", () => {
    const left =
      `warning: Survey "NPS": host changed from ${A} to ${B}, another PostHog: it has no survey ${SURVEY}. A new survey ` +
      `is created at ${B}; survey ${SURVEY} at ${A} is left as it is, never deleted, and this stack no longer manages it.`;
    const runs = [run(["up", "--yes"], 1_000, left)];
    const atA = req(A, "DELETE", `/api/projects/1/surveys/${SURVEY}/`, 1_008);
    const atB = req(B, "DELETE", `/api/projects/1/surveys/${SURVEY}/`, 1_008);
    expect(brokenPromises(runs, [atB])).toEqual([]);
    expect(brokenPromises(runs, [atA])).toHaveLength(1);
    // A refused DELETE deleted nothing.
    expect(brokenPromises(runs, [{ ...atA, status: 400 }])).toEqual([]);
  });

  it("finds case 4: a refused delete promises only what it keeps, and says what an up would send again", () => {
    const refusal = deleteRefusal(surveyNamed("NPS", SURVEY), 3, SURVEY, [
      `/api/organizations/${ORG}/invites/inv-1/`,
    ]);
    const runs = [run(["destroy", "--yes"], 1_000, `error: ${refusal}`), run(["up", "--yes"], 2_000, "")];
    expect(printedPromises(runs).map((p) => p.promise.words)).toEqual(["was not deleted"]);
    // The refusal says a plain up sends the invitation again: that up's POST breaks no promise.
    const reinvite = req(A, "POST", `/api/organizations/${ORG}/invites/`, 2_004, {
      status: 201,
      body: { target_email: "ana@example.com" },
    });
    expect(brokenPromises(runs, [reinvite])).toEqual([]);
    // A DELETE of the kept survey in the refused run breaks it.
    expect(
      brokenPromises(runs, [req(A, "DELETE", `/api/projects/1/surveys/${SURVEY}/`, 1_004)]),
    ).toHaveLength(1);
  });

  it("counts a concurrent run's POST that made the pending invite it names as no second invitation", () => {
    const PENDING = "0190a0a0-0000-7000-8000-0000000000cc";
    const refusal =
      `error: Invite "carl": organization ${ORG} already has a pending invite for carl@example.com (invite ${PENDING}, ` +
      "level member, sent 2026-12-11T17:32:34Z), which this stack cannot prove is its own. Nothing was sent: another POST";
    const runs = [run(["up", "--stack", "x"], 1_000, refusal)];
    const post = (id: string) =>
      req(A, "POST", `/api/organizations/${ORG}/invites/`, 1_004, {
        status: 201,
        body: { target_email: "carl@example.com" },
        response: { id, target_email: "carl@example.com" },
      });
    // Stack y's POST, which made the invite the refusal names, during x's run: not x's.
    expect(brokenPromises(runs, [post(PENDING)])).toEqual([]);
    // A POST that made another invite for the address is a second invitation.
    expect(brokenPromises(runs, [post("0190a0a0-0000-7000-8000-0000000000dd")])).toHaveLength(1);
  });

  it("reads every loopback spelling of a host as one", () => {
    expect(hostKey("http://localhost:4001")).toBe(hostKey("http://127.0.0.1:4001/"));
    expect(hostKey("http://127.0.0.1:4001")).not.toBe(hostKey("http://127.0.0.1:4002"));
  });
});
