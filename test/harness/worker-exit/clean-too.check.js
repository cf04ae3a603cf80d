// Run by worker-exit.test.ts in a jest of its own: a second file that leaves nothing open, so the run has two workers.
test("leaves nothing open either", () => {
  expect("worker".toUpperCase()).toBe("WORKER");
});
