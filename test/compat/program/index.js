// A user's plain JavaScript Pulumi program: one of each resource.
"use strict";
const posthog = require("pulumi-posthog");

const survey = new posthog.Survey("nps", {
  name: "NPS",
  type: "popover",
  questions: [{ type: "open", question: "Why?" }],
});
const invite = new posthog.Invite("alice", { targetEmail: "alice@example.com", level: "admin" });
const team = new posthog.InviteBatch("team", { invites: [{ targetEmail: "bob@example.com" }] });

exports.surveyId = survey.surveyId;
exports.inviteStatus = invite.status;
exports.teamSize = team.invitations.apply((invitations) => invitations.length);
