// `npm test` runs every project; `npx jest --selectProjects unit` (`npm run test:unit`) only the fast ones.
// A project is a set of test folders, by what their tests start (docs/contributing/code-map.md, "Tests"):
//   unit      no server, no plugin: pure functions and schemas
//   emulator  the emulator and the HTTP client against it (or a stub server), in process
//   engine    the resources through the simulated engine and the dynamic-provider plugin, against the emulator
//   package   the packed tarballs installed
//   cli       the real Pulumi CLI: run by `npm run test:cli` (jest.cli.config.js); here reported as skipped
const base = require("./jest.base");

// `folders` are under test/; `more` are other roots, such as an example's own tests (examples/<name>/test).
const project = (displayName, folders, more = []) => ({
  ...base,
  displayName,
  roots: [...folders.map((folder) => `<rootDir>/test/${folder}`), ...more.map((root) => `<rootDir>/${root}`)],
  testMatch: ["**/*.test.ts"],
});

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
    project("package", ["package"]),
    project("cli", ["cli"]),
  ],
  testTimeout: 60000,
  maxWorkers: 2,
};
