// Quickstart: one survey and one invite. `pulumi up` creates them, `pulumi preview` shows what an edit would
// change, `pulumi destroy` removes them. Two values come from stack config so you can try an edit without
// touching the code:
//   pulumi config set surveyDescription "Three quick questions"   -> the survey is updated in place
//   pulumi config set inviteLevel admin                            -> a new invite at that level (invites cannot be
//                                                                     edited; once accepted, the membership changes)
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

const config = new pulumi.Config();

const survey = new posthog.Survey("welcome-survey", {
  name: "Quickstart: how was your first week?",
  description: config.get("surveyDescription") ?? "Two quick questions about getting started.",
  type: "popover",
  questions: [
    {
      type: "rating",
      question: "How easy was it to get started?",
      display: "number",
      scale: 5,
      lowerBoundLabel: "Hard",
      upperBoundLabel: "Easy",
    },
    { type: "open", question: "What almost stopped you?", optional: true },
  ],
  appearance: { submitButtonText: "Send", displayThankYouMessage: true },
});

const invite = new posthog.Invite("teammate", {
  targetEmail: config.get("inviteEmail") ?? "teammate@example.com",
  firstName: "Sam",
  // The provider checks the value: member, admin or owner.
  level: (config.get("inviteLevel") ?? "member") as posthog.InviteLevel,
});

export const surveyId = survey.surveyId;
export const questionIds = survey.questions.apply((questions) => questions.map((q) => q.id));
export const inviteId = invite.inviteId;
export const inviteStatus = invite.status;
