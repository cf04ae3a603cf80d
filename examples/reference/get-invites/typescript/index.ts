import * as posthog from "pulumi-posthog";

const found = posthog.getInvitesOutput({});

export const invites = found.invites;
