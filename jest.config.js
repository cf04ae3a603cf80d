// `npm test` runs every project; `npx jest --selectProjects unit` (`npm run test:unit`) only the fast ones.
// A project is a set of test folders, by what their tests start (docs/code-map.md, "Tests"):
//   unit      no server, no plugin: pure functions and schemas
//   emulator  the emulator and the HTTP client against it (or a stub server), in process
//   engine    the resources through the simulated engine and the dynamic-provider plugin, against the emulator
//   package   the packed tarballs installed, and the real Pulumi CLI where there is one
const base = require("./jest.base");

const project = (displayName, folders) => ({
  ...base,
  displayName,
  roots: folders.map((folder) => `<rootDir>/test/${folder}`),
  testMatch: ["**/*.test.ts"],
});

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    project("unit", ["unit"]),
    project("emulator", ["emulator", "client"]),
    project("engine", [
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
    ]),
    project("package", ["package", "cli"]),
  ],
  testTimeout: 60000,
  maxWorkers: 2,
};
