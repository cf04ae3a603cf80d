// A customer-feedback program: three surveys with typed questions, branching, targeting, a linked feature
// flag and schedules, plus the number of responses each one has collected as a stack output.
//
// Config (all optional):
//   linkedFlagKey the key of an existing feature flag, e.g. "new-dashboard"; the feature survey only shows
//                 where it is enabled. A key reads the same in every project and environment; an id does not.
//   launchDate    when the surveys start (ISO 8601), default 2026-01-05T09:00:00Z
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

const config = new pulumi.Config();
const linkedFlagKey = config.get("linkedFlagKey");
const launchDate = config.get("launchDate") ?? "2026-01-05T09:00:00Z";

// Paying users only, half of them at a time: PostHog turns these release conditions into a targeting flag.
const payingUsers: posthog.TargetingFlagFilters = {
  groups: [
    {
      properties: [{ key: "plan", type: "person", operator: "exact", value: ["team", "enterprise"] }],
      rollout_percentage: 50,
    },
  ],
};

const brand = {
  backgroundColor: "#ffffff",
  submitButtonColor: "#1d4aff",
  submitButtonText: "Send",
  displayThankYouMessage: true,
  thankYouMessageHeader: "Thank you!",
};

// 1. Quarterly NPS: a 0-10 rating, then one follow-up chosen by the score, every 90 days, four times.
const nps = new posthog.Survey("quarterly-nps", {
  name: "Quarterly NPS",
  description: "Net Promoter Score, asked once a quarter.",
  type: "popover",
  questions: [
    {
      type: "rating",
      question: "How likely are you to recommend us to a friend or colleague?",
      display: "number",
      scale: 10,
      isNpsQuestion: true,
      lowerBoundLabel: "Not likely",
      upperBoundLabel: "Very likely",
      // Detractors (0-6) go to question 1, passives (7-8) to question 2, promoters (9-10) to question 3.
      branching: { type: "response_based", responseValues: { detractors: 1, passives: 2, promoters: 3 } },
    },
    { type: "open", question: "What is the one thing we should fix first?", branching: { type: "end" } },
    { type: "open", question: "What would make it a 10?", optional: true, branching: { type: "end" } },
    {
      type: "link",
      question: "Glad to hear it! Would you leave us a review?",
      link: "https://example.com/review",
      buttonText: "Write a review",
    },
  ],
  targetingFlagFilters: payingUsers,
  conditions: { url: "/app", urlMatchType: "icontains", seenSurveyWaitPeriodInDays: 14 },
  appearance: brand,
  schedule: "recurring",
  iterationCount: 4,
  iterationFrequencyDays: 90,
  startDate: launchDate,
});

// 2. Feedback on a feature behind a flag: single choice branching by answer, then multiple choice.
const featureFeedback = new posthog.Survey("feature-feedback", {
  name: "New dashboard feedback",
  type: "popover",
  // Resolved to the flag's id at `up`; a key that matches no flag fails there, naming the key and the project.
  linkedFlagKey,
  questions: [
    {
      type: "single_choice",
      question: "Have you tried the new dashboard?",
      choices: ["Yes", "Not yet"],
      // "Not yet" (choice 1) ends the survey; "Yes" (choice 0) goes on to question 1.
      branching: { type: "response_based", responseValues: { "0": 1, "1": "end" } },
    },
    {
      type: "multiple_choice",
      question: "What do you use it for?",
      choices: ["Weekly reporting", "Debugging", "Sharing with my team", "Other"],
      hasOpenChoice: true,
      shuffleOptions: true,
    },
  ],
  conditions: { deviceTypes: ["Desktop", "Tablet"] },
  appearance: brand,
  startDate: launchDate,
  endDate: "2026-03-31T23:59:59Z",
  responsesLimit: 500,
});

// 3. Always-on cancellation survey, shown by the app itself through the API (no popover).
const cancellation = new posthog.Survey("cancellation-reasons", {
  name: "Why are you cancelling?",
  type: "api",
  schedule: "always",
  enablePartialResponses: true,
  questions: [
    {
      type: "single_choice",
      question: "What is the main reason you are cancelling?",
      choices: ["Too expensive", "Missing features", "Switching to another product", "Something else"],
      hasOpenChoice: true,
    },
    { type: "rating", question: "How would you rate your experience overall?", display: "emoji", scale: 5 },
  ],
  startDate: launchDate,
});

export const surveyIds = {
  nps: nps.surveyId,
  featureFeedback: featureFeedback.surveyId,
  cancellation: cancellation.surveyId,
};

// Responses collected so far, per survey, read from PostHog on every `pulumi up` (0 until someone answers).
const responseCounts = posthog.getSurveyResponsesCountOutput({ surveyIds: Object.values(surveyIds) });
export const responses = pulumi
  .all([surveyIds, responseCounts])
  .apply(([ids, { counts }]) =>
    Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, counts[id] ?? 0])),
  );
