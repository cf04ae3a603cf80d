// Adopting what already exists. These surveys and this invite were made by hand in PostHog before this
// program existed. Pulumi cannot import dynamic resources, so each resource names what it takes over with
// `adopt`: the first `pulumi up` finds it (no POST, same id, responses kept), then PATCHes it to match the
// code. From then on it is managed like any other resource, and `pulumi destroy` deletes it.
//
// Config (optional):
//   betaFeedbackSurveyId  adopt "Beta feedback" by its id instead of its name
//   referenceSurveyId     a survey to read (never change) with Survey.get
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

const config = new pulumi.Config();

// Adopted by exact (case-sensitive) name. The edits: a new description, and the follow-up made optional.
// Question ids are kept (matched by position), so earlier answers stay linked to their questions.
const customerNps = new posthog.Survey("customer-nps", {
  adopt: { name: "Customer NPS" },
  name: "Customer NPS",
  description: "Managed by Pulumi: change it in code, not in the UI.",
  type: "popover",
  questions: [
    {
      type: "rating",
      question: "How likely are you to recommend us?",
      scale: 10,
      display: "number",
      isNpsQuestion: true,
    },
    { type: "open", question: "Why did you give that score?", optional: true },
  ],
  startDate: "2025-06-01T09:00:00Z",
});

// Adopted by id when one is configured (ids survive renames), else by name. The edits: renamed and archived.
const betaId = config.get("betaFeedbackSurveyId");
const betaFeedback = new posthog.Survey("beta-feedback", {
  adopt: betaId ? { id: betaId } : { name: "Beta feedback" },
  name: "Beta feedback (closed)",
  type: "api",
  questions: [{ type: "single_choice", question: "Would you keep using the beta?", choices: ["Yes", "No"] }],
  archived: true,
});

// A pending invite sent by hand: adopted instead of sending a second email.
const lead = new posthog.Invite("analytics-lead", {
  adopt: true,
  targetEmail: "robin@example.com",
  firstName: "Robin",
  level: "admin",
});

// A survey another team owns: read it, never change or delete it.
const referenceId = config.get("referenceSurveyId");
const reference = referenceId ? posthog.Survey.get("reference-survey", referenceId) : undefined;

export const customerNpsId = customerNps.surveyId;
export const betaFeedbackId = betaFeedback.surveyId;
export const leadInviteId = lead.inviteId;
export const referenceSurveyName = reference?.name;
