// The real system behind survey-lifecycle-model.test.ts: one engine and one survey per sequence, on the shared
// stack (the real plugin against the emulator), with the readings the commands compare against the model.
import fs from "node:fs";
import { Survey } from "../../src";
import type { SurveyInputs } from "../../src/resources/survey/types";
import type { Engine, RunResult } from "../support";
import type { LoggedRequest, TestStack } from "../support/stack";
import { DAY_MS, DECLARED_DESCRIPTION, type Day, type Declaration, type Held } from "./lifecycle-model";

/** How often each command ran, and what the `up`s did: printed as the run's summary. */
export class Tally {
  sequences = 0;
  steps = 0;
  readonly commands = new Map<string, number>();
  /** What happened within steps (an `up` that refreshed first, one refused). */
  readonly notes = new Map<string, number>();
  count(name: string): void {
    this.steps++;
    this.commands.set(name, (this.commands.get(name) ?? 0) + 1);
  }
  note(what: string): void {
    this.notes.set(what, (this.notes.get(what) ?? 0) + 1);
  }
  summary(): string {
    const list = (m: Map<string, number>) =>
      [...m.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${k} ${v}`)
        .join(", ");
    return `${this.sequences} sequences, ${this.steps} steps (${list(this.commands)}; ${list(this.notes)})`;
  }
}

interface WireSurvey {
  start_date: string | null;
  end_date: string | null;
  archived: boolean;
  description: string;
}

export class LifecycleSystem {
  /** The survey's id in PostHog while it exists there (Pulumi's state may not know it yet). */
  surveyId?: string;
  /** The emulator's time at the start of day 0. */
  private base = 0;
  /** Days the clocks have moved since. */
  private days = 0;

  constructor(
    readonly stack: TestStack,
    readonly engine: Engine,
    readonly name: string,
    /** The plugin's clock offset (plugin-clock.js), moved with the emulator's. */
    private readonly pluginClockFile: string,
  ) {}

  /** Resets the emulator's and the plugin's clocks to the real time, whole seconds, as day 0. */
  async startClock(): Promise<void> {
    const now = Math.floor(Date.now() / 1000) * 1000;
    await this.stack.control("POST", "/clock", { now: new Date(now).toISOString() });
    fs.writeFileSync(this.pluginClockFile, "0");
    this.base = now;
    this.days = 0;
  }

  async advanceClock(days: number): Promise<void> {
    await this.stack.control("POST", "/clock", { advanceSeconds: days * (DAY_MS / 1000) });
    this.days += days;
    fs.writeFileSync(this.pluginClockFile, String(this.days * DAY_MS));
  }

  dayDate(day: Day): string {
    return new Date(this.base + day * DAY_MS).toISOString();
  }

  private args(d: Declaration): SurveyInputs {
    return {
      name: this.name,
      description: DECLARED_DESCRIPTION,
      type: "popover",
      questions: [{ type: "open", question: "How did checkout go?" }],
      status: d.status,
      archived: d.archived,
      ...(d.endDay === undefined ? {} : { endDate: this.dayDate(d.endDay) }),
    };
  }

  private program(d: Declaration) {
    return () => {
      const s = new Survey("survey", this.args(d));
      return { surveyId: s.surveyId, status: s.status, archived: s.archived, endDate: s.endDate };
    };
  }

  /** Runs one engine operation with an empty request log; returns its result and the requests it sent. */
  async measured(op: () => Promise<RunResult>): Promise<{ result: RunResult; requests: LoggedRequest[] }> {
    await this.stack.clearRequests();
    const result = await op();
    return { result, requests: await this.stack.requests() };
  }

  up(d: Declaration) {
    return this.measured(() => this.engine.up(this.program(d)));
  }

  preview(d: Declaration) {
    return this.measured(() => this.engine.preview(this.program(d)));
  }

  refresh() {
    return this.measured(() => this.engine.refresh());
  }

  /** The survey's entry in Pulumi's state. */
  stateEntry() {
    return this.engine.state().find((r) => r.name === "survey");
  }

  private path(suffix = ""): string {
    return `/api/projects/${this.stack.projectId}/surveys/${this.surveyId}/${suffix}`;
  }

  /** A change made in PostHog's UI: the API call the UI sends, which must succeed. */
  async outside(method: string, suffix: string, body?: unknown): Promise<void> {
    const res = await this.stack.api(method, this.path(suffix), body);
    if (res.status >= 300) {
      throw new Error(
        `UI ${method} ${suffix || "survey"} answered ${res.status}: ${JSON.stringify(res.body)}`,
      );
    }
  }

  /** What PostHog holds, in the model's terms; undefined when there is no survey. */
  async held(): Promise<(Omit<Held, "endDay"> & { end: string | null }) | undefined> {
    if (this.surveyId === undefined) return undefined;
    const res = await this.stack.api<WireSurvey>("GET", this.path());
    if (res.status === 404) return undefined;
    const s = res.body;
    return {
      launched: s.start_date !== null,
      end: s.end_date,
      archived: s.archived,
      description: s.description,
    };
  }

  /** A held end date compared as the model knows it: declared ends exactly, stops by their day. */
  endDayOf(end: string | null, expected: Day | null): Day | null | string {
    if (end === null) return null;
    const ms = Date.parse(end);
    if (expected !== null && ms === this.base + expected * DAY_MS) return expected;
    // A stop made on day d ends at day d plus the seconds the sequence has run: the model calls that day d.
    return Math.floor((ms - this.base) / DAY_MS) === expected ? expected : end;
  }
}

export const writes = (requests: LoggedRequest[]) => requests.filter((r) => r.method !== "GET");
