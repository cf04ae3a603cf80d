// The wiring of the CLI suite's promise check (test/setup/promise-check.ts) without the CLI: a stand-in `pulumi`
// (a script of that name) run by every form the tests use is recorded with its output, an emulator started with the
// request tap named writes each request there, and the check finds the promise a request broke.
import { execFile, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { REQUEST_TAP_ENV, startEmulator, type TappedRequest } from "posthog-emulator";
import { recordCliRuns, stopRecordingCliRuns, type CliRun } from "../support/cli-runs";
import { brokenPromises } from "../support/promise-check";

const SURVEY = "0190a0a0-0000-7000-8000-0000000000bb";

let dir: string;
let runs: CliRun[];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "promise-wiring-"));
  runs = [];
  recordCliRuns((run) => runs.push(run));
});
afterEach(() => {
  stopRecordingCliRuns();
  delete process.env[REQUEST_TAP_ENV];
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A stand-in `pulumi` that prints `text` to stderr. */
function standIn(text: string): string {
  const bin = path.join(dir, "pulumi");
  fs.writeFileSync(bin, `#!/bin/sh\necho 'out' \necho '${text}' >&2\n`, { mode: 0o755 });
  return bin;
}

it("records a pulumi run started by promisified execFile, execFile, spawn and execFileSync, with its output", async () => {
  const bin = standIn("said");
  await promisify(execFile)(bin, ["up", "--yes"]);
  await new Promise((resolve) => execFile(bin, ["preview"], resolve));
  await new Promise((resolve) => spawn(bin, ["refresh"]).once("close", resolve));
  execFileSync(bin, ["destroy"], { stdio: "pipe" });
  // Not pulumi: not recorded.
  await promisify(execFile)("true", []);
  expect(runs.map((r) => [r.args[0], r.output.replace(/\s+/g, " ").trim(), r.endedAt !== undefined])).toEqual(
    [
      ["up", "out said", true],
      ["preview", "out said", true],
      ["refresh", "out said", true],
      ["destroy", "out", true],
    ],
  );
});

it("finds a DELETE an emulator received after a run said the survey is never deleted there", async () => {
  const tap = path.join(dir, "tap.jsonl");
  process.env[REQUEST_TAP_ENV] = tap;
  const emulator = await startEmulator({ port: 0 });
  try {
    const warning =
      `warning: Survey "NPS": host changed, another PostHog: it has no survey ${SURVEY}. A new survey is created; ` +
      `survey ${SURVEY} at ${emulator.url} is left as it is, never deleted, and this stack no longer manages it.`;
    await promisify(execFile)(standIn(warning), ["up", "--yes"]);
    const response = await fetch(`${emulator.url}/api/projects/${emulator.projectId}/surveys/${SURVEY}/`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${emulator.apiKey}` },
    });
    // The emulator has no such survey: a 404, which deleted nothing, breaks no promise.
    expect(response.status).toBe(404);
    const tapped = fs
      .readFileSync(tap, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as TappedRequest);
    expect(tapped.map((r) => [r.url, r.method, r.status])).toEqual([[emulator.url, "DELETE", 404]]);
    expect(brokenPromises(runs, tapped)).toEqual([]);
    // The same DELETE answered 204 breaks it, and the check names the message and the request.
    const deleted = tapped.map((r) => ({ ...r, status: 204 }));
    expect(brokenPromises(runs, deleted)).toEqual([
      expect.stringContaining(
        `DELETE ${emulator.url}/api/projects/${emulator.projectId}/surveys/${SURVEY}/ 204`,
      ),
    ]);
  } finally {
    await emulator.close();
  }
});
