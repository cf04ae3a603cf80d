import * as posthog from "pulumi-posthog";

const found = posthog.getSurveyOutput({
  name: "Product feedback",
});

export const id = found.id;
