// test/setup/node-environment.ts lets a jest worker leave with process.exit once its event loop has drained, so that
// Node's teardown of a large heap does not outlast the 500 ms jest allows a worker to exit. This holds jest's leak
// report to what it was: a worker whose files left nothing open ends quietly, and one whose file left a timer running
// is still killed and reported; and a failing run still exits non-zero, in band (where the environment runs in jest's
// own process) and in workers. Each case is a jest run of its own over the files in worker-exit/, with the same
// environment the projects use.
import { execFile } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "../support/self-link";

const FORCED = "A worker process has failed to exit gracefully";
const FIXTURES = path.join(__dirname, "worker-exit");

/** Runs jest over the given fixture files, with two workers unless in band; what it printed and its exit code. */
function runJest(files: string[], inBand = false): Promise<{ code: number; output: string }> {
  const config = {
    rootDir: FIXTURES,
    testEnvironment: path.join(REPO_ROOT, "test/setup/node-environment.ts"),
    transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: path.join(REPO_ROOT, "tsconfig.json") }] },
    testMatch: files.map((file) => `<rootDir>/${file}`),
  };
  const jest = path.join(REPO_ROOT, "node_modules/jest/bin/jest.js");
  // Two files and --maxWorkers=2 with no timings cached for them: jest runs them in workers, not in band.
  const args = [
    jest,
    "--config",
    JSON.stringify(config),
    inBand ? "--runInBand" : "--maxWorkers=2",
    "--no-cache",
    "--ci",
  ];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: REPO_ROOT, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error && typeof error.code === "number" ? error.code : error ? 1 : 0;
      resolve({ code, output: stdout + stderr });
    });
  });
}

test("workers whose files leave nothing open end without jest's forced-exit message", async () => {
  const run = await runJest(["clean.check.js", "clean-too.check.js"]);
  expect(run.output).toContain("Tests:       2 passed, 2 total");
  expect(run.output).not.toContain(FORCED);
  expect(run.code).toBe(0);
});

test("a file that leaves a timer running is still reported", async () => {
  const run = await runJest(["clean.check.js", "leaky.check.js"]);
  expect(run.output).toContain("Tests:       2 passed, 2 total");
  expect(run.output).toContain(FORCED);
});

test.each([
  ["in band", true],
  ["in workers", false],
])("a run with a failing test exits 1, %s", async (_how, inBand) => {
  const run = await runJest(["clean.check.js", "failing.check.js"], inBand);
  expect(run.output).toContain("Tests:       1 failed, 1 passed, 2 total");
  expect(run.code).toBe(1);
});
