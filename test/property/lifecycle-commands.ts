// The commands of survey-lifecycle-model.test.ts: declare-and-up, a plain re-up, preview, refresh, the changes
// a person makes in PostHog's UI, and time passing. Each runs on the real system, asserts what the model
// predicts a user would see (requests PostHog received, errors, state, what PostHog holds), then moves the model.
import fc from "fast-check";
import type { SurveyStatus } from "../../src/resources/survey/types";
import {
  afterUp,
  type Declaration,
  type Model,
  MAY_CHANGE,
  readStatus,
  refusal,
  requiredChanges,
  sameDeclaration,
} from "./lifecycle-model";
import { asProgramReads } from "../support/program-outputs";
import { type LifecycleSystem, type Tally, writes } from "./lifecycle-system";

export interface Real {
  system: LifecycleSystem;
  tally: Tally;
}
type Command = fc.AsyncCommand<Model, Real>;

/** A declaration as generated: the end date counted in days from the day it is declared. */
export interface Wanted {
  status: SurveyStatus;
  archived: boolean;
  endInDays?: number;
}

const declare = (w: Wanted, m: Model): Declaration => ({
  status: w.status,
  archived: w.archived,
  ...(w.endInDays === undefined ? {} : { endDay: m.today + w.endInDays }),
});

const wantedText = (w: Wanted) =>
  `${w.status}${w.archived ? "+archived" : ""}${w.endInDays === undefined ? "" : `+end in ${w.endInDays}d`}`;

/** PostHog holds what the model says it holds. */
async function expectHeld(m: Model, r: Real): Promise<void> {
  const actual = await r.system.held();
  if (!m.held) {
    expect(actual).toBeUndefined();
    return;
  }
  expect(actual).toBeDefined();
  const { end, ...rest } = actual!;
  expect({ ...rest, endDay: r.system.endDayOf(end, m.held.endDay) }).toEqual(m.held);
}

/** Refresh: Pulumi's state takes what PostHog holds. */
async function refresh(m: Model, r: Real): Promise<void> {
  const { result, requests } = await r.system.refresh();
  expect(result.errors).toEqual([]);
  expect(writes(requests)).toEqual([]);
  const entry = r.system.stateEntry();
  if (!m.held) {
    expect(entry).toBeUndefined();
  } else if (m.recorded) {
    expect(entry).toBeDefined();
    const status = readStatus(m.held, m.lastApplied);
    expect(asProgramReads(entry!.outputs)).toMatchObject({
      archived: m.held.archived,
      description: m.held.description,
      status,
    });
    // Nothing changed in PostHog since Pulumi last looked (time may have passed): nothing may drift.
    if (!m.unseen) expect(result.steps.map((s) => [s.op, s.changedKeys])).toEqual([["refresh", []]]);
  }
  m.recorded = m.held && m.recorded ? { ...m.held } : undefined;
  // What the refresh brought in may differ from what the last `up` applied.
  if (m.unseen) m.applied = false;
  m.unseen = false;
}

/**
 * `pulumi up` of `d`; `pulumi up --refresh` when PostHog changed since Pulumi last looked. Either PostHog ends
 * up holding the declaration, the outputs say so and the next preview is clean and silent; or check refuses the
 * declaration (an un-launch, or an end date it judges wrong
 * for the status), and `up` fails with the refusal having written nothing.
 */
async function up(m: Model, r: Real, d: Declaration): Promise<void> {
  // Nothing changed in PostHog or in the program since the last `up` applied it: nothing to send.
  const nothingToDo = !m.unseen && m.applied && sameDeclaration(m.declared, d);
  if (m.unseen) {
    r.tally.note("up with a refresh first");
    await refresh(m, r);
  }
  const refused = refusal(m, d);
  const { result, requests } = await r.system.up(d);
  m.declared = d;
  if (refused) {
    r.tally.note(`up refused (${refused.kind})`);
    expect(result.errors.map((e) => e.message).join("\n")).toContain(refused.says);
    expect(writes(requests)).toEqual([]);
    m.applied = false;
    await expectHeld(m, r);
    return;
  }
  expect(result.errors).toEqual([]);
  // The requests go in an order PostHog accepts: it refused none of them.
  expect(requests.filter((q) => q.status >= 400).map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual([]);
  if (nothingToDo) expect(writes(requests)).toEqual([]);
  const expected = afterUp(m.held, d, m.today);
  m.held = expected.held;
  if (expected.orStoppedToday) {
    const end = (await r.system.held())?.end ?? null;
    if (r.system.endDayOf(end, m.today) === m.today) m.held.endDay = m.today;
  }
  m.recorded = { ...m.held };
  m.applied = true;
  m.lastApplied = d;
  r.system.surveyId = String(result.outputs.surveyId);
  expect({ status: result.outputs.status, archived: result.outputs.archived }).toEqual({
    status: d.status,
    archived: d.archived,
  });
  if (d.endDay !== undefined) {
    expect(Date.parse(String(result.outputs.endDate))).toBe(Date.parse(r.system.dayDate(d.endDay)));
  }
  await expectHeld(m, r);
  const after = await r.system.preview(d);
  expect(after.result.errors).toEqual([]);
  expect(after.result.steps.map((s) => [s.op, s.changedKeys])).toEqual([["same", []]]);
  expect(after.requests).toEqual([]);
}

export class DeclareUp implements Command {
  constructor(readonly wanted: Wanted) {}
  check = () => true;
  async run(m: Model, r: Real) {
    r.tally.count("declare+up");
    await up(m, r, declare(this.wanted, m));
  }
  toString = () => `DeclareUp(${wantedText(this.wanted)})`;
}

/** `up` again with the program unchanged: also once a declared end date has passed, which must not matter. */
export class Reapply implements Command {
  check = (m: Readonly<Model>) => m.declared !== undefined;
  async run(m: Model, r: Real) {
    r.tally.count("up");
    await up(m, r, m.declared!);
  }
  toString = () => "Reapply";
}

/** A preview of the current program, or of another declaration; previews never send a request. */
export class Preview implements Command {
  constructor(readonly wanted?: Wanted) {}
  check = (m: Readonly<Model>) => this.wanted !== undefined || m.declared !== undefined;
  async run(m: Model, r: Real) {
    r.tally.count(this.wanted ? "preview (other declaration)" : "preview");
    const d = this.wanted ? declare(this.wanted, m) : m.declared!;
    const { result, requests } = await r.system.preview(d);
    expect(requests).toEqual([]);
    const steps = result.steps.map((s) => [s.op, s.changedKeys]);
    const refused = refusal(m, d);
    if (refused) {
      const failures = result.steps.flatMap((s) => s.checkFailures);
      expect(failures.map((f) => f.property)).toEqual([refused.property]);
      expect(failures[0].reason).toContain(refused.says);
    } else if (!m.recorded) {
      expect(result.errors).toEqual([]);
      expect(result.steps.map((s) => s.op)).toEqual(["create"]);
    } else if (m.applied && sameDeclaration(m.declared, d)) {
      // Pulumi's state is what the last `up` left, whatever changed in PostHog since: nothing to do.
      expect(result.errors).toEqual([]);
      expect(steps).toEqual([["same", []]]);
    } else {
      // Against what Pulumi last recorded: a change made in PostHog shows only once a refresh has seen it.
      expect(result.errors).toEqual([]);
      expect(result.steps).toHaveLength(1);
      const [{ op, changedKeys }] = result.steps;
      expect(changedKeys).toEqual(expect.arrayContaining(requiredChanges(m.recorded, d, m.lastApplied)));
      expect(MAY_CHANGE).toEqual(expect.arrayContaining(changedKeys));
      expect(op).toBe(changedKeys.length > 0 ? "update" : "same");
    }
  }
  toString = () => `Preview(${this.wanted ? wantedText(this.wanted) : "program"})`;
}

export class Refresh implements Command {
  check = (m: Readonly<Model>) => m.declared !== undefined;
  async run(m: Model, r: Real) {
    r.tally.count("refresh");
    await refresh(m, r);
  }
  toString = () => "Refresh";
}

/** A change in PostHog's UI, offered only where the UI offers it. */
abstract class InTheUi implements Command {
  abstract readonly label: string;
  abstract allowed(held: NonNullable<Model["held"]>, today: number): boolean;
  abstract send(r: Real): Promise<void>;
  abstract change(m: Model): void;
  check = (m: Readonly<Model>) => m.held !== undefined && this.allowed(m.held, m.today);
  async run(m: Model, r: Real) {
    r.tally.count(`ui ${this.label}`);
    await this.send(r);
    this.change(m);
    m.unseen = true;
    await expectHeld(m, r);
  }
  toString = () => `Ui${this.label[0].toUpperCase()}${this.label.slice(1)}`;
}

export class UiLaunch extends InTheUi {
  label = "launch";
  allowed = (h: NonNullable<Model["held"]>) => !h.launched && !h.archived && h.endDay === null;
  send = (r: Real) => r.system.outside("POST", "launch/");
  change = (m: Model) => void (m.held!.launched = true);
}

export class UiStop extends InTheUi {
  label = "stop";
  allowed = (h: NonNullable<Model["held"]>, today: number) =>
    h.launched && !h.archived && (h.endDay === null || h.endDay > today);
  send = (r: Real) => r.system.outside("POST", "stop/");
  change = (m: Model) => void (m.held!.endDay = m.today);
}

/** Resuming a stopped survey: the UI clears its end date (PostHog has no resume endpoint). */
export class UiResume extends InTheUi {
  label = "resume";
  allowed = (h: NonNullable<Model["held"]>, today: number) =>
    h.launched && !h.archived && h.endDay !== null && h.endDay <= today;
  send = (r: Real) => r.system.outside("PATCH", "", { end_date: null });
  change = (m: Model) => void (m.held!.endDay = null);
}

export class UiArchive extends InTheUi {
  constructor(readonly to: boolean) {
    super();
  }
  get label() {
    return this.to ? "archive" : "unarchive";
  }
  allowed = (h: NonNullable<Model["held"]>) => h.archived !== this.to;
  send = (r: Real) => r.system.outside("PATCH", "", { archived: this.to });
  change = (m: Model) => void (m.held!.archived = this.to);
}

export class UiEdit extends InTheUi {
  constructor(readonly text: string) {
    super();
  }
  label = "edit";
  allowed = () => true;
  send = (r: Real) => r.system.outside("PATCH", "", { description: this.text });
  // PostHog strips the whitespace around a description, so a padded copy of the declared one is no drift.
  change = (m: Model) => void (m.held!.description = this.text.trim());
}

export class UiDelete extends InTheUi {
  label = "delete";
  allowed = () => true;
  send = (r: Real) => r.system.outside("DELETE", "");
  change = (m: Model) => void (m.held = undefined);
}

/** Days pass on the emulator's clock: scheduled end dates come due, and nothing may drift because of it. */
export class AdvanceClock implements Command {
  constructor(readonly days: number) {}
  check = (m: Readonly<Model>) => m.declared !== undefined;
  async run(m: Model, r: Real) {
    r.tally.count("clock");
    await r.system.advanceClock(this.days);
    m.today += this.days;
  }
  toString = () => `AdvanceClock(${this.days}d)`;
}

const wanted: fc.Arbitrary<Wanted> = fc
  .record({ status: fc.constantFrom<SurveyStatus>("draft", "running", "stopped"), archived: fc.boolean() })
  .chain((w) =>
    w.status === "draft"
      ? fc.constant(w)
      : fc
          .oneof(
            // Half the running surveys get a scheduled stop; a stopped one with a future end date is refused
            // at check (declare it running), so it is drawn less often.
            { weight: w.status === "running" ? 2 : 4, arbitrary: fc.constant(undefined) },
            { weight: 2, arbitrary: fc.integer({ min: 1, max: 60 }) },
          )
          .map((endInDays) => (endInDays === undefined ? w : { ...w, endInDays })),
  );

/** A sequence: a first declaration applied with `up` (a program starts somewhere), then any commands. */
export function lifecycleSequence(maxCommands: number): fc.Arbitrary<Iterable<Command>> {
  return fc.tuple(wanted, lifecycleCommands(maxCommands)).map(([first, rest]) => ({
    [Symbol.iterator]: () => [new DeclareUp(first), ...rest][Symbol.iterator](),
    toString: () => [`DeclareUp(${wantedText(first)})`, String(rest)].filter(Boolean).join(","),
  }));
}

function lifecycleCommands(maxCommands: number) {
  // UI launch, stop and resume apply only to some states (a draft, a running, a stopped survey, not archived):
  // offered twice as often, so that they run about as often as the rest.
  const twice = (c: Command) => [fc.constant(c), fc.constant(c)];
  return fc.commands(
    [
      wanted.map((w): Command => new DeclareUp(w)),
      wanted.map((w): Command => new DeclareUp(w)),
      fc.constant<Command>(new Reapply()),
      fc.constant<Command>(new Preview()),
      wanted.map((w): Command => new Preview(w)),
      fc.constant<Command>(new Refresh()),
      ...twice(new UiLaunch()),
      ...twice(new UiStop()),
      ...twice(new UiResume()),
      fc.constant<Command>(new UiArchive(true)),
      fc.constant<Command>(new UiArchive(false)),
      fc.constantFrom("Edited in the UI", "  Asked after checkout  ").map((t): Command => new UiEdit(t)),
      fc.constant<Command>(new UiDelete()),
      fc.integer({ min: 1, max: 45 }).map((d): Command => new AdvanceClock(d)),
    ],
    { maxCommands, size: "max" },
  );
}
