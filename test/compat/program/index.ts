// A user's Pulumi program: one of each resource, typed through the package's public declarations.
import * as pulumi from "@pulumi/pulumi";
import * as posthog from "pulumi-posthog";

const questions: posthog.SurveyQuestion[] = [
  { type: "rating", question: "How likely are you to recommend us?", scale: 10, display: "number" },
];
const args: posthog.SurveyArgs = { name: "NPS", type: "popover", questions };
const survey = new posthog.Survey("nps", args);
const invite = new posthog.Invite("alice", { targetEmail: "alice@example.com", level: "admin" });
const team = new posthog.InviteBatch("team", {
  invites: [{ targetEmail: "bob@example.com", firstName: "Bob" }],
});

export const surveyId: pulumi.Output<string> = survey.surveyId;
export const inviteStatus = invite.status;
export const teamSize = team.invitations.apply((invitations) => invitations.length);
