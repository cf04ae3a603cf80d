// What every jest config here shares (jest.config.js's projects, jest.compat.config.js): ts-jest, and the
// package names mapped to this repo's source.
/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: "node",
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
  },
  // Examples and generated programs import the package by name, and tests the workspace packages (the emulator,
  // the sanitiser): in tests each is this repo's source, so ts-jest needs no build of them.
  moduleNameMapper: {
    "^pulumi-posthog$": "<rootDir>/src",
    "^pulumi-posthog/testing$": "<rootDir>/src/testing",
    "^posthog-emulator$": "<rootDir>/packages/posthog-emulator/src",
    "^@pulumi-posthog/posthog-html$": "<rootDir>/packages/posthog-html/src",
    "^@pulumi-posthog/cli-options$": "<rootDir>/packages/cli-options/src",
  },
};
