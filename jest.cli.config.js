// `npm run test:cli`: the real Pulumi CLI (`npm run toolchain` builds it) against the emulator, test/cli. Separate
// from `npm test`, which needs nothing but Node and npm and reports these tests as skipped.
const base = require("./jest.base");

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  displayName: "cli",
  roots: ["<rootDir>/test/cli"],
  testMatch: ["**/*.test.ts"],
  setupFiles: ["<rootDir>/test/support/cli-suite-setup.ts"],
  testTimeout: 30 * 60 * 1000,
  // Each test runs the CLI, a language host, node and the plugin, and mostly waits on them: two files at a time
  // keep CI inside its budget on two cores (every test waits for conditions, not for time).
  maxWorkers: 2,
  // A worker past 1 GB after a file is replaced before the next (see jest.config.js).
  workerIdleMemoryLimit: "1GB",
};
