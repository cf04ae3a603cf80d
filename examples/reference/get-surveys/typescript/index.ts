import * as posthog from "pulumi-posthog";

const found = posthog.getSurveysOutput({
  search: "feedback",
});

export const surveys = found.surveys;
