// A jest reporter for every stage (jest.config.js): per test file, its wall time, its CPU time (the worker's and
// that of the processes the worker waited for) and the counts of what it started (test/setup/file-stats.ts writes
// them from the test environment). Writes the stage's files as JSON to .tmp/file-stats/<stage>.json (or to
// PULUMI_POSTHOG_FILE_STATS_OUT), which `.ci/run` prints as a table (.ci/file-table.js, docs/contributing/ci.md).
// Plain JavaScript: jest loads reporters with require, untransformed.
const crypto = require("node:crypto");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

// The names file-stats.ts reads and writes (kept in step with it; a test of the reporter checks they agree).
const FILE_STATS_DIR_ENV = "PULUMI_POSTHOG_FILE_STATS_DIR";
const statsFileFor = (dir, testPath) =>
  path.join(dir, "files", `${crypto.createHash("sha1").update(testPath).digest("hex")}.json`);

class FileStatsReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.stage = process.env.JEST_STAGE || "test";
    this.out =
      process.env.PULUMI_POSTHOG_FILE_STATS_OUT ||
      path.join(this.rootDir, ".tmp", "file-stats", `${this.stage}.json`);
    // Set before jest starts its workers, which inherit it (and for a run in band, in this process).
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), "jest-file-stats-"));
    process.env[FILE_STATS_DIR_ENV] = this.dir;
    this.files = [];
  }

  onTestResult(test, result) {
    let measured = {};
    try {
      measured = JSON.parse(fs.readFileSync(statsFileFor(this.dir, result.testFilePath), "utf8"));
    } catch {
      // a file that failed to start its environment wrote nothing: its wall time is still known
    }
    const wallMs = measured.wallMs ?? result.perfStats.end - result.perfStats.start;
    const workerCpuMs = measured.workerCpuMs ?? 0;
    const childrenCpuMs = measured.childrenCpuMs ?? 0;
    this.files.push({
      stage: this.stage,
      project: test.context.config.displayName?.name ?? "",
      file: path.relative(this.rootDir, result.testFilePath),
      status: result.numFailingTests > 0 || result.testExecError ? "failed" : "passed",
      tests: result.numPassingTests + result.numFailingTests + result.numPendingTests,
      wallS: Math.round(wallMs / 100) / 10,
      cpuS: Math.round((workerCpuMs + childrenCpuMs) / 100) / 10,
      workerCpuS: Math.round(workerCpuMs / 100) / 10,
      counts: measured.counts ?? {},
    });
  }

  onRunComplete() {
    fs.mkdirSync(path.dirname(this.out), { recursive: true });
    fs.writeFileSync(this.out, JSON.stringify(this.files, null, 2) + "\n");
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

module.exports = FileStatsReporter;
