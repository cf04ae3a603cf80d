// The lifecycle plan as a pure function: what PostHog holds now + what the program declares -> the requests, in
// the order PostHog's guard rails accept. The same plans run end to end in test/survey/lifecycle-table.test.ts.
import {
  archivedInWrite,
  describeStep,
  planLifecycle,
  type LifecycleState,
} from "../../src/resources/survey/lifecycle-plan";
import { endDateFailures } from "../../src/resources/survey/lifecycle-rules";
import { statusOf } from "../../src/resources/survey/status";

const T0 = "2026-01-01T00:00:00Z";
const T1 = "2026-02-01T00:00:00Z";
const draft: LifecycleState = { start_date: null, end_date: null, archived: false };
const running: LifecycleState = { start_date: T0, end_date: null, archived: false };
const stopped: LifecycleState = { start_date: T0, end_date: T1, archived: false };
const plan = (state: LifecycleState, inputs: Record<string, unknown>) =>
  planLifecycle(state, inputs).map(describeStep);

describe("planLifecycle", () => {
  it("wraps a launch or stop of an archived survey in unarchive ... archive", () => {
    expect(plan({ ...running, archived: true }, { status: "stopped", archived: true })).toEqual([
      "PATCH archived=false",
      "POST stop/",
      "PATCH archived=true",
    ]);
    expect(plan(draft, { status: "stopped", archived: true })).toEqual([
      "POST launch/",
      "POST stop/",
      "PATCH archived=true",
    ]);
  });

  it("resumes an archived survey without unarchiving it: the PATCH has no guard", () => {
    expect(plan({ ...stopped, archived: true }, { status: "running", archived: true })).toEqual([
      "PATCH end_date=null",
    ]);
  });

  it("plans from where PostHog is, so a re-run after an interruption does not launch again", () => {
    // draft -> stopped+archived was interrupted after the stop: only the archive is left.
    expect(plan(stopped, { status: "stopped", archived: true })).toEqual(["PATCH archived=true"]);
    expect(plan({ ...stopped, archived: true }, { status: "stopped", archived: true })).toEqual([]);
  });

  it("writes a declared date instead of calling the endpoint that would set now", () => {
    expect(plan(running, { status: "stopped", endDate: T1 })).toEqual(["PATCH end_date=<endDate>"]);
    expect(plan(draft, { status: "running", startDate: T0 })).toEqual(["PATCH start_date=<startDate>"]);
    // From stopped early (in the UI) back to the declared scheduled stop.
    expect(planLifecycle(stopped, { status: "running", endDate: "2030-01-01T00:00:00Z" })).toEqual([
      { kind: "end", endDate: "2030-01-01T00:00:00Z" },
    ]);
  });

  it("a running survey that reached its declared endDate is where it was declared: no request", () => {
    expect(plan(stopped, { status: "running", endDate: T1 })).toEqual([]);
  });

  it("leaves an undeclared status or archived flag as PostHog has it", () => {
    expect(plan({ ...running, archived: true }, {})).toEqual([]);
    expect(plan(draft, { archived: true })).toEqual(["PATCH archived=true"]);
    expect(plan({ ...stopped, archived: true }, { status: "stopped" })).toEqual([]);
  });

  it("refuses an un-launch with the reason", () => {
    expect(() => planLifecycle(running, { status: "draft" })).toThrow(
      'status cannot go from "running" back to "draft": PostHog cannot un-launch a survey.',
    );
  });
});

describe("archivedInWrite", () => {
  it("folds the archive step into the field write when nothing must come between", () => {
    expect(archivedInWrite(planLifecycle(running, { archived: true }))).toBe(true);
    expect(
      archivedInWrite(planLifecycle({ ...running, archived: true }, { status: "stopped", archived: true })),
    ).toBe(false);
    expect(archivedInWrite(planLifecycle(draft, { status: "running", archived: true }))).toBe(undefined);
    // No change of archived: the write leaves it out.
    expect(archivedInWrite(planLifecycle(stopped, { status: "running", archived: false }))).toBe(undefined);
  });
});

describe("status read with the declared inputs", () => {
  it("an end date the program declared with status running is a scheduled stop: running", () => {
    expect(statusOf(T0, T1, { status: "running", endDate: "2026-02-01T00:00:00.000Z" })).toBe("running");
    expect(statusOf(T0, T1, { status: "running", endDate: "2026-03-01T00:00:00Z" })).toBe("stopped");
    expect(statusOf(T0, T1, { status: "stopped", endDate: T1 })).toBe("stopped");
    expect(statusOf(T0, T1, {})).toBe("stopped");
  });
});

describe("endDateFailures", () => {
  const now = Date.parse("2026-06-01T00:00:00Z");
  const past = "2026-05-01T00:00:00Z";
  it("refuses running with an endDate already past when it is new", () => {
    expect(endDateFailures({}, { status: "running", endDate: past }, now)).toEqual([
      {
        property: "endDate",
        reason:
          `endDate (${past}) has already passed, so a survey declared status "running" would stop at once. ` +
          'Set a future endDate, or declare status "stopped".',
      },
    ]);
    expect(
      endDateFailures({ status: "stopped", endDate: past }, { status: "running", endDate: past }, now),
    ).toHaveLength(1);
  });

  it("refuses stopped from a draft with an endDate already past and no startDate: launch would be refused", () => {
    expect(endDateFailures({}, { status: "stopped", endDate: past }, now)).toEqual([
      {
        property: "startDate",
        reason:
          `endDate (${past}) has already passed and no startDate is declared: PostHog cannot launch a survey whose ` +
          "end date has passed. Declare the startDate it ran from, too.",
      },
    ]);
    expect(
      endDateFailures({}, { status: "stopped", endDate: past, startDate: "2026-04-01T00:00:00Z" }, now),
    ).toEqual([]);
    // Already launched: the end date is a PATCH, no launch needed.
    expect(endDateFailures({ status: "running" }, { status: "stopped", endDate: past }, now)).toEqual([]);
  });

  it("refuses stopped with a future endDate when it is new: that survey runs until then", () => {
    const future = "2026-07-01T00:00:00Z";
    expect(endDateFailures({}, { status: "stopped", endDate: future }, now).map((f) => f.property)).toEqual([
      "endDate",
    ]);
    // A program that declared it before this rule keeps working while unchanged.
    expect(
      endDateFailures({ status: "stopped", endDate: future }, { status: "stopped", endDate: future }, now),
    ).toEqual([]);
  });

  it("accepts it unchanged, once time has passed it", () => {
    expect(
      endDateFailures({ status: "running", endDate: past }, { status: "running", endDate: past }, now),
    ).toEqual([]);
    expect(endDateFailures({}, { status: "running", endDate: "2026-07-01T00:00:00Z" }, now)).toEqual([]);
  });
});
