// Data functions (Pulumi's data-source convention: getX returns a Promise, getXOutput an Output).
export { getSurveys, getSurveysOutput, getSurvey, getSurveyOutput } from "./surveys";
export type { GetSurveysArgs, GetSurveysResult, GetSurveyArgs, SurveyInfo } from "./surveys";
export { getInvites, getInvitesOutput } from "./invites";
export type { GetInvitesArgs, GetInvitesResult, InviteInfo } from "./invites";
export { getMembers, getMembersOutput } from "./members";
export type { GetMembersArgs, GetMembersResult, MemberInfo } from "./members";
export { getSurveyResponsesCount, getSurveyResponsesCountOutput } from "./responses-count";
export type { GetSurveyResponsesCountArgs, GetSurveyResponsesCountResult } from "./responses-count";
export { getFeatureFlag, getFeatureFlagOutput } from "./flags";
export type { GetFeatureFlagArgs, FeatureFlagInfo } from "./flags";
