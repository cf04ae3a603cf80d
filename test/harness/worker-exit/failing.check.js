// Run by worker-exit.test.ts in a jest of its own: a file whose test fails, so the run must exit non-zero.
test("fails", () => {
  expect(1 + 1).toBe(3);
});
