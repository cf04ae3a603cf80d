// The first run after an upgrade on the plugin face: the provider's old inputs hold no mark, CheckConfig makes one
// (persisted by the engine as the provider's new inputs), and the engine configures the provider with its old
// inputs (pulumi/pulumi pkg/resource/deploy/step.go, SameStep.Apply). One process, one CheckConfig: Configure
// takes that mark.
import {
  checkConfig,
  configure,
  stackMarkOfProvider,
  STACK_MARK_KEY,
} from "../../src/plugin/provider-config";

it("configured with old inputs that lack the mark, the provider uses the one its CheckConfig made", () => {
  const old = { host: "https://eu.posthog.com", projectId: "1" };
  const checked = checkConfig(old, old).inputs;
  configure(old, new Map());
  expect(stackMarkOfProvider()).toBe(checked[STACK_MARK_KEY]);
});
