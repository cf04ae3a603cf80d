// Run by worker-exit.test.ts in a jest of its own: a file that leaves nothing open.
test("leaves nothing open", () => {
  expect([1, 2, 3].map((n) => n * 2)).toEqual([2, 4, 6]);
});
