// Surveys deployed by CI (see .github/workflows/posthog.yml): a pull request shows `pulumi preview` for the
// change, merging to main runs `pulumi up`. The stack config (Pulumi.production.yaml) says where; the API key
// never appears in the repository (POSTHOG_API_KEY comes from a repository secret).
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

const config = new pulumi.Config();
const environment = config.require("environment");
const appUrl = config.require("appUrl");

const releaseFeedback = new posthog.Survey("release-feedback", {
  name: `Release feedback (${environment})`,
  description: "Asked on the release notes page after each release.",
  type: "popover",
  questions: [
    {
      type: "rating",
      question: "How useful was this release for you?",
      display: "emoji",
      scale: 5,
    },
    { type: "open", question: "What should the next release fix?", optional: true },
  ],
  conditions: { url: `${appUrl}/releases`, urlMatchType: "icontains", seenSurveyWaitPeriodInDays: 7 },
  appearance: { submitButtonText: "Send feedback", displayThankYouMessage: true },
});

const betaSignup = new posthog.Survey("beta-signup", {
  name: `Beta program sign-up (${environment})`,
  type: "popover",
  questions: [
    {
      type: "link",
      question: "Want early access to new features?",
      link: `${appUrl}/beta`,
      buttonText: "Join the beta",
    },
  ],
  conditions: { url: `${appUrl}/settings`, urlMatchType: "icontains" },
});

export const surveys = { releaseFeedback: releaseFeedback.surveyId, betaSignup: betaSignup.surveyId };
