import * as posthog from "pulumi-posthog";

const found = posthog.getFeatureFlagOutput({
  key: "beta",
});

export const id = found.id;
