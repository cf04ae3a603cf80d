import * as posthog from "pulumi-posthog";

const feedback = new posthog.Survey("feedback", {
  name: "Product feedback",
  type: "api",
  description: "What our users think",
  questions: [{ type: "open", question: "What should we build next?" }],
});

export const surveyId = feedback.surveyId;
