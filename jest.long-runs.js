// The engine-level files that each take minutes (several `up`s per case, hundreds of cases, or killed and resumed
// plugins). They run in `npm run test:slow` (jest.slow.config.js), a CI stage of their own, so `npm test` stays
// inside its ten minutes on a loaded two-core machine. Paths are relative to the repo root; jest.config.js leaves
// them out of its engine project and jest.slow.config.js runs exactly these, so a file is in one suite or the other.
module.exports = [
  "test/property/round-trip.test.ts",
  "test/property/survey-lifecycle-model.test.ts",
  "test/reliability/interrupted-runs.test.ts",
  "test/export/round-trip.test.ts",
  "test/export/every-state.test.ts",
  "test/survey/lifecycle-table.test.ts",
];
