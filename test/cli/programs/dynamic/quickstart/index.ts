// The docs' TypeScript example (docs/_index.md) on the dynamic providers: what the plugin programs in every
// language are compared with, request by request.
import * as posthog from "pulumi-posthog";

const nps = new posthog.Survey("nps", {
  name: "Quarterly NPS",
  type: "popover",
  questions: [
    { type: "rating", question: "How likely are you to recommend us?", scale: 10, display: "number" },
    { type: "open", question: "What should we improve?", optional: true },
  ],
});

new posthog.Invite("ada", { targetEmail: "ada@example.com", level: "admin" });

export const surveyId = nps.surveyId;
