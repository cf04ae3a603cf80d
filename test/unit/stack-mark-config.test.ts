// The plugin face's stack mark (src/plugin/provider-config.ts): CheckConfig makes it once and keeps it from the old
// inputs, DiffConfig never sees it, Configure takes it from the config, or on the first run after an upgrade (the
// engine configures a "same" provider with its old inputs, which lack it) from this process's CheckConfig.
import {
  checkConfig,
  configure,
  diffConfig,
  stackMarkOfProvider,
  STACK_MARK_KEY,
} from "../../src/plugin/provider-config";
import { isStackMark } from "../../src/ownership/stack-mark";

const settings = { host: "https://eu.posthog.com", projectId: "1" };

describe("the stack's mark in the plugin's config", () => {
  it("is made by the first CheckConfig, and kept from the old inputs by every later one", () => {
    const first = checkConfig(settings);
    expect(first.failures).toEqual([]);
    const mark = first.inputs[STACK_MARK_KEY];
    expect(isStackMark(mark)).toBe(true);
    const again = checkConfig({ ...settings, requestTimeoutMs: "5000" }, first.inputs);
    expect(again.inputs[STACK_MARK_KEY]).toBe(mark);
    // Another stack (no old inputs) gets another mark; a mark written in the program's config is not taken.
    const other = checkConfig({ ...settings, [STACK_MARK_KEY]: mark });
    expect(other.failures).toEqual([]);
    expect(other.inputs[STACK_MARK_KEY]).not.toBe(mark);
  });

  it("is no diff and no replacement, for an old state without it too", () => {
    const checked = checkConfig(settings).inputs;
    expect(diffConfig(settings, checked)).toEqual({ changed: false });
    expect(diffConfig(checked, checkConfig(settings, checked).inputs)).toEqual({ changed: false });
  });

  it("reaches Configure from the config, or from this process's CheckConfig when the config lacks it", () => {
    const checked = checkConfig(settings, checkConfig(settings).inputs).inputs;
    configure(checked, new Map());
    expect(stackMarkOfProvider()).toBe(checked[STACK_MARK_KEY]);
    // The engine's "same" provider: configured with the old inputs, no mark in them; this process made more than
    // one mark by now, so it cannot tell which the state holds, and says none.
    configure(settings, new Map());
    expect(stackMarkOfProvider()).toBeUndefined();
  });
});
