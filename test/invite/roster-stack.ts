// The stack the roster tests share: reset before each test, and no listing reused across engine runs. Each engine
// run there stands for a separate `pulumi` command, whose plugin process starts with no cached listing; the one
// long-lived test plugin would otherwise reuse a member list from the previous command.
import { startStack, TestStack } from "../support/stack";

/** Registers the hooks; call the result inside a test for the running stack. */
export function rosterStack(): () => TestStack {
  let stack: TestStack | undefined;
  beforeAll(async () => {
    stack = await startStack({ config: { "posthog:listCacheTtlMs": "0" } });
  });
  afterAll(async () => stack?.close());
  beforeEach(async () => {
    await current().control("POST", "/reset");
  });
  const current = (): TestStack => {
    if (!stack)
      throw new Error("the roster stack is not started (call rosterStack() at the top of a test file)");
    return stack;
  };
  return current;
}
