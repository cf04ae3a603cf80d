// `npm run test:compat`: the packed package installed into fresh Pulumi programs (test/compat). Separate from
// `npm test` because it installs from the registry and takes minutes.
const base = require("./jest.base");

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  roots: ["<rootDir>/test/compat"],
  testMatch: ["**/*.compat.ts"],
  testTimeout: 30 * 60 * 1000,
  maxWorkers: 1,
};
