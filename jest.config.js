// `npm test` runs every project; `npx jest --selectProjects unit` (`npm run test:unit`) only the fast ones.
// A project is a set of test folders, by what their tests start (docs/contributing/code-map.md, "Tests"):
//   unit      no server, no plugin: pure functions and schemas
//   emulator  the emulator and the HTTP client against it (or a stub server), in process
//   engine    the resources through the simulated engine and the dynamic-provider plugin, against the emulator
//   cli       the real Pulumi CLI: run by `npm run test:cli` (jest.cli.config.js); here reported as skipped
// The files that take minutes each (jest.long-runs.js) and the packed tarballs installed (test/package) run in
// `npm run test:slow` (jest.slow.config.js), a CI stage of its own.
const path = require("node:path");
const base = require("./jest.base");
const longRuns = require("./jest.long-runs");

// `folders` are under test/; `more` are other roots, such as an example's own tests (examples/<name>/test).
const project = (displayName, folders, more = []) => ({
  ...base,
  displayName,
  roots: [...folders.map((folder) => `<rootDir>/test/${folder}`), ...more.map((root) => `<rootDir>/${root}`)],
  testMatch: ["**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", ...longRuns.map((file) => escape(path.join(__dirname, file)))],
});

/** A path as a regular expression that matches only itself. */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    project("unit", ["unit"]),
    project("emulator", ["emulator", "client"]),
    project(
      "engine",
      [
        "converge",
        "examples",
        "export",
        "functions",
        "harness",
        "invite",
        "plugin",
        "preview",
        "property",
        "reliability",
        "survey",
        "testing",
      ],
      ["examples/nps-program/test"],
    ),
    project("cli", ["cli"]),
  ],
  // A guard against a hung test, not a speed limit: an engine-level test runs several `up`s through the plugin,
  // and on a loaded two-core machine (load 4 and more) one such test has taken over a minute. Tests wait for
  // conditions, never for time; speed goals live in `npm run bench`.
  testTimeout: 240_000,
  maxWorkers: 2,
  // A worker that has grown past 1 GB after a file is replaced before the next: ts-jest's compiler and the
  // in-process emulators pile up across ~140 files, and one worker reached 7 GB and was killed by the kernel's
  // OOM killer while a second suite shared the machine.
  workerIdleMemoryLimit: "1GB",
};
