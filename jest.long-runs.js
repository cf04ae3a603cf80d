// The files that each take minutes on a loaded machine (several `up`s per case, hundreds of cases, killed and
// resumed plugins, or load at scale). They run in `npm run test:slow` (jest.slow.config.js), a CI stage of its
// own, so `npm test` stays inside its ten minutes on a loaded two-core machine. Paths are relative to the repo
// root; jest.config.js leaves them out of its engine project and jest.slow.config.js runs exactly these, so a file
// is in one suite or the other.
module.exports = [
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
  // A plugin process per row or credential (the failure-message table, authentication), and the compiled demo run
  // end to end: each over a minute on a loaded machine, and each the last to finish in a loaded `npm test`.
  "test/reliability/failure-messages.test.ts",
  "test/reliability/auth.test.ts",
  "test/reliability/key-check.test.ts",
  "test/examples/demo.test.ts",
];
