/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
  },
  // Examples and generated programs import the package by name; in tests that is this repo's source.
  moduleNameMapper: {
    "^pulumi-posthog$": "<rootDir>/src",
  },
  testTimeout: 60000,
  maxWorkers: 2,
};
