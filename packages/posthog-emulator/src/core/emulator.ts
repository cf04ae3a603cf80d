// The emulator's runtime: state store, clock, faults, rate limit, request log, and saving to --state.
import { Clock } from "./clock";
import type { Core, Rollouts } from "./context";
import { Faults } from "./faults";
import type { Json } from "./json";
import { saveState } from "./persistence";
import { Throttles } from "./rate-limit";
import type { StateData } from "./state";
import { Store } from "./state";

export interface LogEntry {
  seq: number;
  method: string;
  path: string;
  query: string;
  status: number;
  time: string;
  body: Json | null;
}

/** Oldest entries are dropped past this many, so long benchmarks do not grow memory without bound. */
const MAX_LOG = 10_000;

export class Emulator implements Core {
  readonly store: Store;
  readonly clock: Clock;
  readonly faults = new Faults();
  readonly limiter = new Throttles();
  readonly rollouts: Rollouts = { enforceFlagWriteScope: false };
  log: LogEntry[] = [];
  private logSeq = 1;
  latencyMs = 0;
  /** is_email_available() as the emulator was started (--email-available); a reset returns to it */
  emailAvailableAtStart = false;

  constructor(
    data: StateData,
    /** the clock offset a reset returns to (from the `now` option; 0 = real time) */
    readonly initialOffsetMs: number,
    private readonly statePath?: string,
  ) {
    this.store = new Store(data);
    this.clock = new Clock(data.clock_offset_ms);
  }

  /** Called after every committed write, before the response is sent. */
  save(): void {
    if (!this.statePath) return;
    this.store.data.clock_offset_ms = this.clock.offsetMs;
    saveState(this.statePath, this.store.data);
  }

  record(entry: Omit<LogEntry, "seq" | "time">): void {
    // Wall-clock time (not the emulator clock) so tests can measure client back-off.
    this.log.push({ seq: this.logSeq++, time: new Date().toISOString(), ...entry });
    if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
  }

  clearLog(): void {
    this.log = [];
    this.logSeq = 1;
  }

  /** The latency waits in progress (ends them early with false). */
  private readonly waits = new Set<(done: boolean) => void>();

  /**
   * Resolves true after `ms`, or false as soon as `endWaits` runs: a request still waiting out its latency when
   * the emulator is reset or closed is dropped, never answered or logged. Otherwise an attempt a client gave up on
   * (a timeout) would reach the handler and the log after the reset, in the next test's log, and its timer would
   * hold the process open after close ("A worker process has failed to exit gracefully").
   */
  wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const finish = (done: boolean) => {
        clearTimeout(timer);
        this.waits.delete(finish);
        resolve(done);
      };
      const timer = setTimeout(() => finish(true), ms);
      this.waits.add(finish);
    });
  }

  /** Ends every latency wait in progress: their requests are dropped (at reset and close). */
  endWaits(): void {
    for (const finish of [...this.waits]) finish(false);
  }
}
