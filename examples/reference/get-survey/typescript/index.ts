import * as posthog from "pulumi-posthog";

const found = posthog.getSurveyOutput({
  id: "0196f1a0-5c3e-7000-8000-00000000f00d",
});

export const surveyId = found.surveyId;
