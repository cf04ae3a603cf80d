// CI's per-file measure (docs/contributing/ci.md): what the test environment writes for a file
// (test/setup/file-stats.ts) is what the reporter (test/setup/file-stats-reporter.js) reads and writes out, and
// `.ci/file-table.js` prints it as the markdown table.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FILE_STATS_DIR_ENV, statsFileFor, type FileStats } from "../setup/file-stats";
import { REPO_ROOT } from "../support/self-link";

const FileStatsReporter: unknown = require("../setup/file-stats-reporter.js");

interface Reporter {
  onTestResult(test: unknown, result: unknown): void;
  onRunComplete(): void;
}

function isReporterClass(value: unknown): value is new (config: { rootDir: string }) => Reporter {
  return typeof value === "function";
}

test("a file's measure goes from the environment through the reporter into the table", () => {
  if (!isReporterClass(FileStatsReporter)) throw new Error("the reporter module exports no class");
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "file-stats-test-"));
  const saved = { dir: process.env[FILE_STATS_DIR_ENV], out: process.env.PULUMI_POSTHOG_FILE_STATS_OUT };
  try {
    process.env.PULUMI_POSTHOG_FILE_STATS_OUT = path.join(scratch, "out.json");
    const reporter = new FileStatsReporter({ rootDir: REPO_ROOT });
    const dir = process.env[FILE_STATS_DIR_ENV];
    expect(dir).toBeDefined();
    const testPath = path.join(REPO_ROOT, "test", "cli", "example.test.ts");
    const stats: FileStats = {
      testPath,
      wallMs: 61_000,
      workerCpuMs: 4_000,
      childrenCpuMs: 20_000,
      counts: { cli: 7, maven: 2, emulator: 1, processes: 12 },
    };
    const file = statsFileFor(dir!, testPath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stats));
    reporter.onTestResult(
      { context: { config: { displayName: { name: "cli" } } } },
      {
        testFilePath: testPath,
        numPassingTests: 3,
        numFailingTests: 0,
        numPendingTests: 0,
        perfStats: { start: 0, end: 1 },
      },
    );
    reporter.onRunComplete();
    const written: unknown = JSON.parse(fs.readFileSync(path.join(scratch, "out.json"), "utf8"));
    expect(written).toEqual([
      {
        stage: process.env.JEST_STAGE || "test",
        project: "cli",
        file: "test/cli/example.test.ts",
        status: "passed",
        tests: 3,
        wallS: 61,
        cpuS: 24,
        workerCpuS: 4,
        counts: { cli: 7, maven: 2, emulator: 1, processes: 12 },
      },
    ]);
    // The reporter's folder is removed once the run is complete.
    expect(fs.existsSync(dir!)).toBe(false);
  } finally {
    for (const [name, value] of [
      [FILE_STATS_DIR_ENV, saved.dir],
      ["PULUMI_POSTHOG_FILE_STATS_OUT", saved.out],
    ] as const)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});

test("the table names the stage's wall time, CPU time and counts, and the slowest files", () => {
  const table = execFileSync(process.execPath, [path.join(REPO_ROOT, ".ci", "file-table.js"), "lint=9"], {
    encoding: "utf8",
  });
  expect(table.split("\n").slice(0, 4)).toEqual([
    "| stage | wall s | file wall s | file CPU s | files | CLI commands | Maven runs | Go builds | emulators | processes |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    "| lint | 9 |  |  |  |  |  |  |  |  |",
    "| total | 9 |  |  |  |  |  |  |  |  |",
  ]);
  expect(table).toContain("| slowest files | stage | wall s | CPU s | tests |");
});
