import * as posthog from "pulumi-posthog";

const ada = new posthog.Invite("ada", {
  targetEmail: "ada@example.com",
  firstName: "Ada",
  level: "admin",
});

export const status = ada.status;
