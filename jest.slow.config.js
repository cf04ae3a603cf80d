// `npm run test:slow`: what `npm test` leaves out because each file takes minutes, run by .ci/run as a stage of
// its own: the long engine-level runs (jest.long-runs.js: the property tests, interrupted runs, the export round
// trips, the lifecycle table) and the packed tarballs installed (test/package).
const base = require("./jest.base");
const longRuns = require("./jest.long-runs");

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...base,
      displayName: "long",
      roots: ["<rootDir>/test"],
      testMatch: longRuns.map((file) => `<rootDir>/${file}`),
    },
    { ...base, displayName: "package", roots: ["<rootDir>/test/package"], testMatch: ["**/*.test.ts"] },
  ],
  // A guard against a hung test, not a speed limit (see jest.config.js).
  testTimeout: 30 * 60 * 1000,
  maxWorkers: 2,
  // A worker past 1 GB after a file is replaced before the next (see jest.config.js).
  workerIdleMemoryLimit: "1GB",
};
