// The one jest configuration. A project is a set of test files, by what their tests start
// (docs/contributing/code-map.md, "Tests"); a stage is the projects one CI step runs (.ci/run), chosen by
// JEST_STAGE, which each npm script sets (none: `test`):
//   npm test               test      unit, emulator, engine, cli: nothing but Node and npm (the cli project's tests
//                                    are reported skipped here)
//   npm run test:cli       cli       cli, marked as the real-CLI suite (`npm run toolchain` builds the CLI)
//   npm run test:slow      slow      long (the files that take minutes each, LONG_RUNS below) and package (the
//                                    packed tarballs installed)
//   npm run test:compat    compat    the packed package in fresh Pulumi programs (test/compat)
//   npm run test:registry  registry  the release's publish steps against a local registry, then the real CLI
// One file: `npx jest <file>` in its stage (`JEST_STAGE=cli npx jest test/cli/<file>`); one project of a stage:
// `npx jest --selectProjects unit` (npm run test:unit).
const path = require("node:path");

// The engine-level files that each take minutes on a loaded machine (several `up`s per case, hundreds of cases,
// killed and resumed plugins, or load at scale): the `long` project runs exactly these and every other project
// leaves them out, so a file is in one stage or the other and `npm test` stays inside ten minutes on a loaded
// two-core machine. Paths are relative to the repository root.
const LONG_RUNS = [
  "test/property/round-trip.test.ts",
  "test/property/survey-lifecycle-model.test.ts",
  "test/reliability/interrupted-runs.test.ts",
  "test/export/round-trip.test.ts",
  "test/export/every-state.test.ts",
  "test/survey/lifecycle-table.test.ts",
  // Load and cost at scale: hundreds of concurrent calls, and the request counts of refreshing many resources.
  "test/reliability/concurrency.test.ts",
  "test/client/rate-limit-storm.test.ts",
  "test/invite/refresh-cost.test.ts",
  "test/survey/refresh-cost.test.ts",
  // A plugin process per row or credential (the failure-message table, authentication, the key and host check),
  // and the compiled demo run end to end: each over a minute on a loaded machine, and each the last to finish in a
  // loaded `npm test`.
  "test/reliability/failure-messages.test.ts",
  "test/reliability/auth.test.ts",
  "test/reliability/key-check.test.ts",
  "test/examples/demo.test.ts",
  // A 5 MiB survey through both faces and the harness's gRPC, and two stacks taking turns over one project: each over
  // a minute of CPU-bound work on a loaded two-core machine, and together a ninth of a loaded `npm test`'s file time.
  "test/harness/large-reply.test.ts",
  "test/survey/take-over.test.ts",
  // The reference pages' Java examples compiled with Maven against sdk/java: needs Java and Maven, which `npm test`
  // does not (reported skipped where `mvn -v` does not run).
  "test/examples/reference-java-compile.test.ts",
];

/** What every project shares: ts-jest, and the package names mapped to this repo's source. */
const base = {
  rootDir: __dirname,
  // jest's node environment, with workers that end within the 500 ms jest allows on a loaded machine (the file says why).
  testEnvironment: "<rootDir>/test/setup/node-environment.ts",
  transform: {
    "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }],
  },
  // Examples and generated programs import the package by name, and tests the workspace packages (the emulator,
  // the sanitiser): in tests each is this repo's source, so ts-jest needs no build of them.
  moduleNameMapper: {
    "^pulumi-posthog$": "<rootDir>/src",
    "^pulumi-posthog/testing$": "<rootDir>/src/testing",
    // The emulator's source, with each in-process start counted for CI's per-file table (the file says more).
    "^posthog-emulator$": "<rootDir>/test/support/counted-emulator.ts",
    "^@pulumi-posthog/posthog-html$": "<rootDir>/packages/posthog-html/src",
    "^@pulumi-posthog/cli-options$": "<rootDir>/packages/cli-options/src",
    // The SDK loads it eagerly and never uses it in a test: the real module, loaded on first use (the file says why).
    "^@npmcli/arborist$": "<rootDir>/test/setup/lazy-arborist.js",
  },
  // Closes the inspector session the Pulumi SDK opens in a test file that serializes a dynamic provider: left open,
  // each such file's whole module graph stayed in the worker (the file says why).
  setupFilesAfterEnv: ["<rootDir>/test/setup/sdk-inspector-teardown.ts"],
};

/** A path as a regular expression that matches only itself. */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// `folders` are under test/; `more` are other roots, such as an example's own tests (examples/<name>/test).
const project = (displayName, folders, more = []) => ({
  ...base,
  displayName,
  roots: [...folders.map((folder) => `<rootDir>/test/${folder}`), ...more.map((root) => `<rootDir>/${root}`)],
  testMatch: ["**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", ...LONG_RUNS.map((file) => escape(path.join(__dirname, file)))],
});

const PROJECTS = {
  unit: project("unit", ["unit"]),
  emulator: project("emulator", ["emulator", "client"]),
  engine: project(
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
  cli: project("cli", ["cli"]),
  long: {
    ...base,
    displayName: "long",
    roots: ["<rootDir>/test"],
    testMatch: LONG_RUNS.map((f) => `<rootDir>/${f}`),
  },
  package: {
    ...base,
    displayName: "package",
    roots: ["<rootDir>/test/package"],
    testMatch: ["**/*.test.ts"],
  },
  compat: { ...base, displayName: "compat", roots: ["<rootDir>/test/compat"], testMatch: ["**/*.compat.ts"] },
  registry: {
    ...base,
    displayName: "registry",
    // The packages are installed by name into folders outside the repo: nothing maps them to the repo's source.
    moduleNameMapper: {},
    roots: ["<rootDir>/test/registry"],
    testMatch: ["**/*.registry.ts"],
  },
};

// A guard against a hung test, not a speed limit: an engine-level test runs several `up`s through the plugin, and on
// a loaded two-core machine (load 4 and more) one such test has taken over a minute. Tests wait for conditions,
// never for time; speed goals live in `npm run bench`. The stages that install, build or run the CLI get 30 minutes.
const LONG = 30 * 60 * 1000;

// `cliSuite`: the stage's processes are marked as the real-CLI suite (test/support/cli-suite-setup.ts), the only
// place requirePulumiCli looks for a CLI; the registry stage's by-name install runs a program through it too.
// `maxWorkers`: two files at a time keep CI inside its budget on two cores (a CLI test mostly waits on the CLI, a
// language host, node and the plugin); compat and registry install and publish, one file at a time.
const STAGES = {
  test: { projects: ["unit", "emulator", "engine", "cli"], testTimeout: 240_000, maxWorkers: 2 },
  cli: { projects: ["cli"], cliSuite: true, testTimeout: LONG, maxWorkers: 2 },
  slow: { projects: ["long", "package"], testTimeout: LONG, maxWorkers: 2 },
  compat: { projects: ["compat"], testTimeout: LONG, maxWorkers: 1 },
  registry: { projects: ["registry"], cliSuite: true, testTimeout: LONG, maxWorkers: 1 },
};

const stageName = process.env.JEST_STAGE || "test";
const stage = STAGES[stageName];
if (!stage) throw new Error(`JEST_STAGE=${stageName}: no such stage (${Object.keys(STAGES).join(", ")})`);
// The suite's own checks, around each file: the language hosts its CLI runs started came from the folder they were
// meant to (test/setup/host-check.ts), and every promise a message printed held (test/setup/promise-check.ts).
const suiteSetup = (project) => ({
  setupFiles: ["<rootDir>/test/support/cli-suite-setup.ts"],
  setupFilesAfterEnv: [
    ...project.setupFilesAfterEnv,
    "<rootDir>/test/setup/host-check.ts",
    // After each test, each promise its CLI output made against what its emulators received (the file says how).
    "<rootDir>/test/setup/promise-check.ts",
  ],
});

/** @type {import('jest').Config} */
module.exports = {
  projects: stage.projects.map((name) => ({
    ...PROJECTS[name],
    ...(stage.cliSuite ? suiteSetup(PROJECTS[name]) : {}),
  })),
  testTimeout: stage.testTimeout,
  maxWorkers: stage.maxWorkers,
  // Per file: wall time, CPU time and what it started, for the table `.ci/run` prints (docs/contributing/ci.md).
  reporters: ["default", "<rootDir>/test/setup/file-stats-reporter.js"],
  // No workerIdleMemoryLimit. A worker once reached 7 GB, from the SDK's inspector sessions (base's
  // setupFilesAfterEnv now closes them). The limit compares the heap before GC, garbage included, so it kept replacing
  // workers, and one replaced as the run ended, on a loaded machine, was reported as "A worker process has failed to
  // exit gracefully". Base's test environment keeps a worker's heap in check instead, and lets it exit promptly.
};
