import * as posthog from "pulumi-posthog";

const team = new posthog.InviteBatch("team", {
  invites: [{ targetEmail: "ada@example.com" }, { targetEmail: "grace@example.com", level: "admin" }],
  message: "Welcome to the team!",
});

export const invitations = team.invitations;
