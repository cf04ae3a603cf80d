// A manual clock for the scheduler: time moves only when a test advances it, firing due timers in order.
import type { SchedulerClock } from "../../src/client/schedule";

export class FakeClock implements SchedulerClock {
  private timers: Array<{ at: number; fn: () => void; id: number }> = [];
  private nextId = 0;
  constructor(private time = Date.parse("2026-01-01T00:00:00.000Z")) {}

  now(): number {
    return this.time;
  }

  after(ms: number, fn: () => void): () => void {
    const id = this.nextId++;
    this.timers.push({ at: this.time + Math.max(0, ms), fn, id });
    return () => {
      this.timers = this.timers.filter((t) => t.id !== id);
    };
  }

  /** The next timer's time, if any is pending. */
  nextTimer(): number | undefined {
    return this.timers.length === 0 ? undefined : Math.min(...this.timers.map((t) => t.at));
  }

  /** Moves to `to`, firing every timer due on the way (and letting promise callbacks run after each). */
  async advanceTo(to: number): Promise<void> {
    for (;;) {
      await flush();
      const due = this.timers.filter((t) => t.at <= to).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t.id !== due.id);
      this.time = Math.max(this.time, due.at);
      due.fn();
    }
    this.time = Math.max(this.time, to);
    await flush();
  }

  advance(ms: number): Promise<void> {
    return this.advanceTo(this.time + ms);
  }
}

/** Lets every already-resolved promise callback run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
