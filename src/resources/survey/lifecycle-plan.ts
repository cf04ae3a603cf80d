// The survey lifecycle as a state machine: from what PostHog holds now (dates and `archived`) and what the
// program declares (status, archived, dates), the requests that get there, in an order PostHog accepts. Pure: no
// request, no clock. apply.ts runs it after the survey's fields are written (lifecycle.ts sends the steps).
//
// PostHog's guard rails (products/surveys/backend/api/survey.py):
// - SurveyViewSet.launch refuses an archived survey ("Cannot launch an archived survey. Unarchive it first.")
//   and one whose end_date has passed; on a launched survey it is a no-op.
// - SurveyViewSet.stop refuses an archived survey ("Cannot stop an archived survey. Unarchive it first if
//   needed."); on an ended survey it is a no-op.
// - A PATCH (SurveySerializerCreateUpdateOnly.update) has no such guard: `archived` and the dates can be
//   written in any state. Writing `archived` changes no date; it only re-syncs the survey's flags
//   (_should_survey_flags_be_active: launched, not ended, not archived).
// So a move through launch or stop is wrapped in unarchive ... archive; resuming is a PATCH and needs neither.
import { refusedTransition } from "./lifecycle-rules";
import { statusOf } from "./status";
import type { SurveyFields } from "./types";

/** What PostHog holds now: the part of a survey its lifecycle reads. */
export interface LifecycleState {
  start_date?: string | null;
  end_date?: string | null;
  archived?: boolean | null;
}

/** One request of a plan. A declared date is written as it is; without one, PostHog's endpoint sets "now". */
export type LifecycleStep =
  | { kind: "unarchive" }
  | { kind: "archive" }
  | { kind: "launch" }
  | { kind: "stop" }
  /** PATCH start_date: the declared launch date, when PostHog does not hold it yet. */
  | { kind: "start"; startDate: string }
  /** PATCH end_date: the declared stop date, or null to resume (PostHog has no resume endpoint). */
  | { kind: "end"; endDate: string | null };

/** The request a step sends, as docs/guides/survey-lifecycle.md writes it. */
export function describeStep(step: LifecycleStep): string {
  switch (step.kind) {
    case "unarchive":
      return "PATCH archived=false";
    case "archive":
      return "PATCH archived=true";
    case "launch":
      return "POST launch/";
    case "stop":
      return "POST stop/";
    case "start":
      return "PATCH start_date=<startDate>";
    case "end":
      return step.endDate === null ? "PATCH end_date=null" : "PATCH end_date=<endDate>";
  }
}

/** Steps that go through launch/stop, which PostHog refuses on an archived survey. */
export const needsUnarchived = (step: LifecycleStep): boolean =>
  step.kind === "launch" || step.kind === "stop";

const declaredDate = (value: string | null | undefined): string | undefined => value ?? undefined;

/** What the program declared of the survey's lifecycle: the fields the plan reads, typed by their rows' rules. */
export type LifecycleIntent = Pick<Partial<SurveyFields>, "status" | "archived" | "startDate" | "endDate">;

/** The status moves from the status PostHog's dates read as to the declared one. Throws on an un-launch. */
function statusMoves(state: LifecycleState, inputs: LifecycleIntent): LifecycleStep[] {
  const target = inputs.status;
  if (target === undefined) return [];
  const current = statusOf(state.start_date, state.end_date, inputs);
  if (current === target) return [];
  const refused = refusedTransition(current, target);
  if (refused) throw new Error(refused);
  const start = declaredDate(inputs.startDate);
  const end = declaredDate(inputs.endDate);
  const launch: LifecycleStep = start ? { kind: "start", startDate: start } : { kind: "launch" };
  const stop: LifecycleStep = end ? { kind: "end", endDate: end } : { kind: "stop" };
  if (target === "running") {
    // From stopped: clear the end date, or put back the scheduled stop the program declared.
    return current === "draft" ? [launch] : [{ kind: "end", endDate: end ?? null }];
  }
  return current === "draft" ? [launch, stop] : [stop];
}

/**
 * The requests that bring a survey from `state` (what PostHog holds now) to the declared status and archived
 * flag, in an order PostHog accepts: unarchive, then launch / stop / resume, then archive. Empty when the survey
 * is already there. Throws (with the reason) when the declared status would un-launch the survey.
 */
export function planLifecycle(state: LifecycleState, inputs: LifecycleIntent): LifecycleStep[] {
  const archivedNow = state.archived === true;
  const wantArchived = inputs.archived ?? archivedNow;
  const moves = statusMoves(state, inputs);
  const unarchive = archivedNow && (!wantArchived || moves.some(needsUnarchived));
  const steps: LifecycleStep[] = unarchive ? [{ kind: "unarchive" }] : [];
  steps.push(...moves);
  if (wantArchived && (!archivedNow || unarchive)) steps.push({ kind: "archive" });
  return steps;
}

/**
 * What the survey's field write (the PATCH of changed fields) carries of `archived`, given the plan predicted
 * from the stored outputs: `false` when the plan starts by unarchiving (that write does it), `true` when the plan
 * archives and no launch or stop comes first (one write does it all), and nothing otherwise: an archive that must
 * wait for a launch or stop, or no change. The plan is computed again from PostHog's answer to the write, so a
 * wrong prediction costs requests, never the outcome.
 */
export function archivedInWrite(predicted: LifecycleStep[]): boolean | undefined {
  if (predicted[0]?.kind === "unarchive") return false;
  if (predicted.some(needsUnarchived)) return undefined;
  return predicted.some((step) => step.kind === "archive") ? true : undefined;
}
