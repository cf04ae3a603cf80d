import * as posthog from "pulumi-posthog";

const found = posthog.getSurveyResponsesCountOutput({});

export const counts = found.counts;
