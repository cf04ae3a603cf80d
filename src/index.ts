// Public surface of pulumi-posthog.
export { Survey } from "./resources/survey/survey";
export type { SurveyArgs } from "./resources/survey/survey";
export type * from "./resources/survey/types";
export { VERSION } from "./version";
export { Invite } from "./resources/invite/invite";
export type { InviteArgs } from "./resources/invite/invite";
export { InviteBatch } from "./resources/invite/invite-batch";
export type { InviteBatchArgs } from "./resources/invite/invite-batch";
export type * from "./resources/invite/types";
export * from "./functions";
export type { BatchPersonArgs } from "./resources/invite/invite-batch";
