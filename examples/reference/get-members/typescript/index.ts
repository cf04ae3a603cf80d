import * as posthog from "pulumi-posthog";

const found = posthog.getMembersOutput({});

export const members = found.members;
