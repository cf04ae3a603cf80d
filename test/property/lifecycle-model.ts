// The model behind survey-lifecycle-model.test.ts: what the program declares, what Pulumi's state records and
// what PostHog holds, in the terms a user reasons in (launched or not, when it ends, archived, edited), and
// what each of them predicts a preview, a refresh or an `up` must show. Pure: no requests, no engine.
import type { SurveyStatus } from "../../src/resources/survey/types";

export const DAY_MS = 86_400_000;
/** The description every declaration carries; an edit in the UI replaces it. */
export const DECLARED_DESCRIPTION = "Asked after checkout";

/**
 * Time in whole days since the sequence began. The emulator's and the plugin's clocks are reset at the start of
 * each sequence and only move by whole days (plus the seconds the sequence itself takes), so an end date on a
 * later day than `today` is still in the future, and one on `today` or before has passed.
 */
export type Day = number;

/** One declaration: a status, archived, and optionally an end date. */
export interface Declaration {
  status: SurveyStatus;
  archived: boolean;
  /** The end date's day, when the program declares one (never with draft, which check refuses). */
  endDay?: Day;
}

/** What PostHog holds for the sequence's survey. */
export interface Held {
  launched: boolean;
  /** The end date's day: null for none; a stop (ours or the UI's) ends it on the day it is made. */
  endDay: Day | null;
  archived: boolean;
  /** The description, unless a person edited it in the UI. */
  description: string;
}

export interface Model {
  today: Day;
  /** What the program declares now (the last declaration applied or attempted); undefined before the first. */
  declared?: Declaration;
  /** PostHog's survey; undefined before the first `up` or after a delete in the UI. */
  held?: Held;
  /** What Pulumi's state records (from the last `up` that applied, or the last refresh); undefined: no state. */
  recorded?: Held;
  /** A change made in PostHog that no refresh has seen since. */
  unseen: boolean;
  /** The last `up` applied the current declaration (not refused): a preview of it must then be clean. */
  applied: boolean;
  /** The declaration the last applied `up` recorded in state, which refresh reads the status against. */
  lastApplied?: Declaration;
}

export const newModel = (): Model => ({ today: 0, unseen: false, applied: false });

/**
 * The status the provider reads from what PostHog holds, never from the clock: not launched is a draft, no end
 * date is running, an end date is stopped, except the end date the program declared with status "running",
 * a scheduled stop, which reads running before and after it passes (docs/guides/survey-lifecycle.md).
 */
export function readStatus(held: Held, applied: Declaration | undefined): SurveyStatus {
  if (!held.launched) return "draft";
  if (held.endDay === null) return "running";
  return applied?.status === "running" && applied.endDay === held.endDay ? "running" : "stopped";
}

/** What check refuses (so preview and `up` alike, before any request): the input it names, and its words. */
export interface Refusal {
  property: "status" | "startDate" | "endDate";
  says: string;
  /** How the summary counts it. */
  kind: string;
}

/**
 * Check's refusals, as docs/guides/survey-lifecycle.md states them, judged against what Pulumi's state records and the
 * plugin's clock (which moves with the emulator's here, plugin-clock.js):
 * - a launched survey declared draft: PostHog cannot un-launch it;
 * - an end date, unless state already records that status with that declared end date:
 *   - in the future with status "stopped": that survey would run until then (declare it running);
 *   - passed, with status "running": it would stop at once;
 *   - passed, with status "stopped" on a draft or a new survey: PostHog cannot launch it any more.
 */
export function refusal(m: Readonly<Model>, declared: Declaration): Refusal | undefined {
  const { recorded } = m;
  if (recorded !== undefined && recorded.launched && declared.status === "draft") {
    return { property: "status", says: "PostHog cannot un-launch a survey", kind: "un-launch" };
  }
  const end = declared.endDay;
  if (end === undefined) return undefined;
  const unchanged =
    recorded !== undefined &&
    m.lastApplied?.endDay !== undefined &&
    readStatus(recorded, m.lastApplied) === declared.status &&
    recorded.endDay === end;
  if (unchanged) return undefined;
  if (end > m.today) {
    return declared.status === "stopped"
      ? { property: "endDate", says: 'declared status "stopped" would run until then', kind: "future stop" }
      : undefined;
  }
  if (declared.status === "running") {
    return {
      property: "endDate",
      says: 'declared status "running" would stop at once',
      kind: "passed end, running",
    };
  }
  if (recorded === undefined || !recorded.launched) {
    return {
      property: "startDate",
      says: "PostHog cannot launch a survey whose end date has passed",
      kind: "passed end, not launched",
    };
  }
  return undefined;
}

/**
 * What PostHog holds once `up` has applied `declared`, given what it held before; `orStoppedToday` when a stop
 * made today is as good as the end PostHog held. That is the case of a passed end date the program declared
 * and now leaves to status "stopped": the provider may keep it, or reset it and stop again (the survey is
 * stopped either way; the issue asks for the status, not for which day it ended).
 */
export function afterUp(
  before: Held | undefined,
  declared: Declaration,
  today: Day,
): { held: Held; orStoppedToday: boolean } {
  let endDay: Day | null = null;
  let orStoppedToday = false;
  if (declared.endDay !== undefined) endDay = declared.endDay;
  else if (declared.status === "stopped") {
    // Stopped with no declared end: an end that has passed stays; otherwise the stop ends it today.
    const passed = before?.endDay !== undefined && before.endDay !== null && before.endDay <= today;
    endDay = passed ? before!.endDay : today;
    orStoppedToday = passed;
  }
  const held = {
    launched: declared.status !== "draft",
    endDay,
    archived: declared.archived,
    description: DECLARED_DESCRIPTION,
  };
  return { held, orStoppedToday };
}

/** Input keys a preview must name as changed: the declaration against what Pulumi's state records. */
export function requiredChanges(
  recorded: Held,
  declared: Declaration,
  applied: Declaration | undefined,
): string[] {
  const keys: string[] = [];
  if (readStatus(recorded, applied) !== declared.status) keys.push("status");
  if (recorded.archived !== declared.archived) keys.push("archived");
  if (recorded.description !== DECLARED_DESCRIPTION) keys.push("description");
  if (declared.endDay !== undefined && recorded.endDay !== declared.endDay) keys.push("endDate");
  return keys;
}

/** Keys a preview may name: the lifecycle fields and the description (the rest of the program never changes). */
export const MAY_CHANGE = ["status", "archived", "description", "endDate"];

export const sameDeclaration = (a: Declaration | undefined, b: Declaration): boolean =>
  a !== undefined && a.status === b.status && a.archived === b.archived && a.endDay === b.endDay;
