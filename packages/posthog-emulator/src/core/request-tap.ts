// A copy of the request log outside the emulator, for a test suite that checks what every emulator of a test
// received without holding each one's handle (the provider's CLI suite checks each message's promise against it).
// Off unless the environment names a file: each answered API request is then appended to it as one JSON line, with
// the emulator's address and the answer's body (the request log keeps neither). Appended synchronously, so a line
// is written before the answer is sent and a reader that runs after the client's run sees it.
import fs from "node:fs";
import type { LogEntry } from "./emulator";

/** The environment variable naming the file (JSON lines) every emulator of this process, or started with this environment, appends to. */
export const REQUEST_TAP_ENV = "POSTHOG_EMULATOR_REQUEST_TAP";

/** One line of the tap: a request log entry (less its per-emulator sequence number), with where and what was answered. */
export interface TappedRequest extends Omit<LogEntry, "seq"> {
  /** The emulator's address, http://host:port */
  url: string;
  /** The answer's body, when it had one */
  response: unknown;
}

/** Appends `entry` to the tap file, when one is named. */
export function tap(entry: Omit<TappedRequest, "time">): void {
  const file = process.env[REQUEST_TAP_ENV];
  if (!file) return;
  const line: TappedRequest = { ...entry, time: new Date().toISOString() };
  fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
}
