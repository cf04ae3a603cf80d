// Run by worker-exit.test.ts in a jest of its own: a file that leaves a timer running, so its worker never drains.
test("leaves a timer running", () => {
  setInterval(() => {}, 1000);
  expect(true).toBe(true);
});
