// The emulator clock: real time plus an offset that tests move with /_emulator/clock.

export class Clock {
  constructor(public offsetMs = 0) {}

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  set(isoNow: string): void {
    this.offsetMs = Date.parse(isoNow) - Date.now();
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }

  nowIso(): string {
    return new Date(this.nowMs()).toISOString();
  }
}
