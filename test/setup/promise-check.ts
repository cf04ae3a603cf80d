// jest.config.js's `cli` stage runs this around each test file: after each test, every promise its CLI runs printed
// (src/message-promises.ts) is checked against what its emulators received then and after
// (test/support/promise-check.ts), and a broken one fails the test with the message and the request that broke it.
// The emulators write their requests to one tap file per test file (posthog-emulator's REQUEST_TAP_ENV, read by an
// emulator in this process at each request and inherited by one started as a process); the CLI runs are recorded
// whichever helper starts them (test/support/cli-runs.ts).
import fs from "node:fs";
import path from "node:path";
import { REQUEST_TAP_ENV, type TappedRequest } from "posthog-emulator";
import { recordCliRuns, type CliRun } from "../support/cli-runs";
import { brokenPromises } from "../support/promise-check";
import { REPO_ROOT } from "../support/self-link";

const file = path.relative(REPO_ROOT, expect.getState().testPath ?? "unknown");
const tapFile = path.join(REPO_ROOT, ".tmp", "request-tap", `${path.basename(file)}.${process.pid}.jsonl`);
fs.mkdirSync(path.dirname(tapFile), { recursive: true });
fs.writeFileSync(tapFile, "");
process.env[REQUEST_TAP_ENV] = tapFile;

let runs: CliRun[] = [];
recordCliRuns((run) => runs.push(run));

/** The tap's lines (a line being written as the test ended is left for the next read). */
function tapped(): TappedRequest[] {
  return fs
    .readFileSync(tapFile, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{") && line.endsWith("}"))
    .map((line) => JSON.parse(line) as TappedRequest);
}

let testStarted = 0;
beforeEach(() => {
  runs = [];
  testStarted = Date.now();
});

afterEach(() => {
  const requests = tapped().filter((r) => Date.parse(r.time) >= testStarted);
  const broken = brokenPromises(runs, requests);
  runs = [];
  if (broken.length > 0)
    throw new Error(
      `${broken.length} promise${broken.length === 1 ? "" : "s"} a message made did not hold ` +
        `(src/message-promises.ts):\n${broken.join("\n")}`,
    );
});
