// Public surface of pulumi-posthog.
export { Survey } from "./resources/survey/survey";
export type { DateInput, SurveyArgs } from "./resources/survey/survey";
export type * from "./resources/survey/types";
// The lists the union types derive from, as values a program can read (e.g. to build a select list).
export {
  SURVEY_SAMPLING_INTERVALS,
  SURVEY_SCHEDULES,
  SURVEY_STATUSES,
  SURVEY_TYPES,
} from "./resources/survey/types";
export { QUESTION_TYPES, RATING_SCALES, VALIDATION_RULE_TYPES } from "./resources/survey/settings/questions";
export {
  SURVEY_DEVICE_TYPES,
  SURVEY_MATCH_TYPES,
  SURVEY_PROPERTY_OPERATORS,
} from "./resources/survey/settings/conditions";
export {
  SURVEY_POSITIONS,
  SURVEY_TAB_POSITIONS,
  SURVEY_WIDGET_TYPES,
} from "./resources/survey/settings/appearance";
export { Invite } from "./resources/invite/invite";
export type { InviteArgs } from "./resources/invite/invite";
export { InviteBatch } from "./resources/invite/invite-batch";
export type { BatchPersonArgs, InviteBatchArgs } from "./resources/invite/invite-batch";
export type * from "./resources/invite/types";
export { INVITE_LEVELS } from "./resources/invite/types";
export type { UserSummary } from "./provider-kit/user-summary";
// Data functions (Pulumi's data-source convention: getX returns a Promise, getXOutput an Output).
export { getSurveys, getSurveysOutput, getSurvey, getSurveyOutput } from "./resources/survey/functions";
export type {
  GetSurveysArgs,
  GetSurveysResult,
  GetSurveyArgs,
  SurveyInfo,
} from "./resources/survey/functions";
export { getInvites, getInvitesOutput } from "./resources/invite/functions";
export type { GetInvitesArgs, GetInvitesResult, InviteInfo } from "./resources/invite/functions";
export { getMembers, getMembersOutput } from "./resources/invite/members-function";
export type { GetMembersArgs, GetMembersResult, MemberInfo } from "./resources/invite/members-function";
export { getSurveyResponsesCount, getSurveyResponsesCountOutput } from "./resources/survey/responses-count";
export type {
  GetSurveyResponsesCountArgs,
  GetSurveyResponsesCountResult,
} from "./resources/survey/responses-count";
export { getFeatureFlag, getFeatureFlagOutput } from "./resources/feature-flag/functions";
export type { GetFeatureFlagArgs, FeatureFlagInfo } from "./resources/feature-flag/functions";
export { VERSION } from "./version";
// The checks preview runs, for a program's unit tests under pulumi.runtime.setMocks (which never calls them).
export { validateInvite, validateInviteBatch, validateSurvey } from "./validate";
export type { InputProblem } from "./validate";
