// Public surface of pulumi-posthog.
export { Survey } from "./resources/survey/survey";
export type { DateInput, SurveyArgs } from "./resources/survey/survey";
export type * from "./resources/survey/types";
export { Invite } from "./resources/invite/invite";
export type { InviteArgs } from "./resources/invite/invite";
export { InviteBatch } from "./resources/invite/invite-batch";
export type { BatchPersonArgs, InviteBatchArgs } from "./resources/invite/invite-batch";
export type * from "./resources/invite/types";
export type { UserSummary } from "./resources/common/user-summary";
export * from "./functions";
export { VERSION } from "./version";
