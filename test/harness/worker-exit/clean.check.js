// Run by worker-exit.test.ts in a jest of its own: a file that leaves nothing open, with some garbage on the heap.
test("leaves nothing open", () => {
  const garbage = Array.from({ length: 200 }, () => new Array(100_000).fill(Math.random()));
  expect(garbage).toHaveLength(200);
});
