/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
  },
  // Examples and generated programs import the package by name, and tests the workspace packages (the emulator,
  // the sanitiser): in tests each is this repo's source, so ts-jest needs no build of them.
  moduleNameMapper: {
    "^pulumi-posthog$": "<rootDir>/src",
    "^posthog-emulator$": "<rootDir>/packages/posthog-emulator/src",
    "^@pulumi-posthog/posthog-html$": "<rootDir>/packages/posthog-html/src",
  },
  testTimeout: 60000,
  maxWorkers: 2,
};
