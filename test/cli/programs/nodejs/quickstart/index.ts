// The docs' example on the Node.js SDK that `pulumi package add` generates from the plugin (not the dynamic
// providers of pulumi-posthog): the same program as the YAML, Python and Go quickstarts.
import * as posthogIac from "@pulumi-posthog/posthog-iac";

const nps = new posthogIac.Survey("nps", {
  name: "Quarterly NPS",
  type: posthogIac.SurveyType.Popover,
  questions: [
    { type: "rating", question: "How likely are you to recommend us?", scale: 10, display: "number" },
    { type: "open", question: "What should we improve?", optional: true },
  ],
});

new posthogIac.Invite("ada", { targetEmail: "ada@example.com", level: posthogIac.Level.Admin });

export const surveyId = nps.surveyId;
