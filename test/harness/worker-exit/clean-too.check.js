// Run by worker-exit.test.ts in a jest of its own: a second file that leaves nothing open, so the run has two workers.
test("leaves nothing open", () => {
  const garbage = Array.from({ length: 200 }, () => new Array(100_000).fill(Math.random()));
  expect(garbage).toHaveLength(200);
});
