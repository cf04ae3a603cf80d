// `npm run test:registry`: the release's npm publish steps against a local registry, installs by name with npm,
// pnpm and yarn, and the workflow linter (test/registry). Separate from `npm test` because it publishes, builds
// and installs from the registry, and takes minutes.
const base = require("./jest.base");

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  // The packages are installed by name into folders outside the repo: nothing maps them to the repo's source.
  moduleNameMapper: {},
  roots: ["<rootDir>/test/registry"],
  testMatch: ["**/*.registry.ts"],
  // .ci/run runs this suite after the toolchain: its by-name install then runs a program through the real CLI
  // (requirePulumiCli looks for one only in a suite marked this way).
  setupFiles: ["<rootDir>/test/support/cli-suite-setup.ts"],
  testTimeout: 30 * 60 * 1000,
  maxWorkers: 1,
};
