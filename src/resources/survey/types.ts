import type { UserSummary } from "../../provider-kit/user-summary";
import type { SurveyQuestion } from "./settings/questions";
import type { SurveyConditions } from "./settings/conditions";
import type { SurveyAppearance } from "./settings/appearance";

// Plain (resolved) shapes of a Survey's inputs and outputs. Nested objects keep PostHog's own camelCase keys.

/** The survey types the provider accepts; SurveyType derives from this list. */
export const SURVEY_TYPES = [
  "popover",
  "button",
  "email",
  "full_screen",
  "api",
  "widget",
  "external_survey",
] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];

/** How often a survey shows; SurveySchedule derives from this list. */
export const SURVEY_SCHEDULES = ["once", "recurring", "always"] as const;
export type SurveySchedule = (typeof SURVEY_SCHEDULES)[number];

// The nested settings, typed from PostHog's own definitions: one file each under settings/.
export type * from "./settings/questions";
export type * from "./settings/conditions";
export type * from "./settings/appearance";
export type { SettingsExtra, ContentType } from "./settings/shared";

/** Release conditions of the survey's targeting flag: `{groups: [{properties, rollout_percentage, variant}]}`. */
export type TargetingFlagFilters = { groups: Record<string, unknown>[]; [key: string]: unknown };

/** draft: never launched; running: launched (start date set, no end date); stopped: end date set. */
/** A survey's lifecycle as people think of it; SurveyStatus derives from this list. */
export const SURVEY_STATUSES = ["draft", "running", "stopped"] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];

/** Take over a survey that already exists instead of creating one (Pulumi cannot import dynamic resources). */
export interface SurveyAdoption {
  /** The survey's id (UUID). */
  id?: string;
  /** The survey's exact, case-sensitive name. */
  name?: string;
}

export interface SurveyInputs {
  projectId?: string;
  name: string;
  description?: string;
  type: SurveyType;
  linkedFlagId?: number | null;
  targetingFlagId?: number | null;
  /** The linked flag by key, instead of linkedFlagId. */
  linkedFlagKey?: string | null;
  /** The targeting flag by key, instead of targetingFlagId. */
  targetingFlagKey?: string | null;
  targetingFlagFilters?: TargetingFlagFilters | null;
  removeTargetingFlag?: boolean;
  questions?: SurveyQuestion[];
  conditions?: SurveyConditions | null;
  appearance?: SurveyAppearance | null;
  startDate?: string | null;
  endDate?: string | null;
  status?: SurveyStatus;
  archived?: boolean;
  schedule?: SurveySchedule;
  responsesLimit?: number | null;
  iterationCount?: number | null;
  iterationFrequencyDays?: number | null;
  enablePartialResponses?: boolean;
  /** The language the survey's own texts are in (default "en"); translations add the others. */
  baseLanguage?: string;
  adopt?: SurveyAdoption;
}

/** A feature flag as nested in a survey. */
export interface SurveyFlag {
  id: number;
  teamId: number | null;
  name: string;
  key: string;
  filters: Record<string, unknown>;
  active: boolean;
  deleted: boolean;
  ensureExperienceContinuity: boolean;
}

/** The user who created the survey. */
export type SurveyUser = UserSummary;

/** What a Survey resource holds after create/read/update. */
export interface SurveyOutputs {
  projectId: string;
  surveyId: string;
  name: string;
  description: string;
  type: string;
  linkedFlagId: number | null;
  targetingFlagId: number | null;
  linkedFlagKey: string | null;
  targetingFlagKey: string | null;
  targetingFlagFilters: TargetingFlagFilters | null;
  removeTargetingFlag: boolean;
  questions: SurveyQuestion[];
  conditions: SurveyConditions | null;
  appearance: SurveyAppearance | null;
  startDate: string | null;
  endDate: string | null;
  status: SurveyStatus;
  archived: boolean;
  schedule: string;
  responsesLimit: number | null;
  iterationCount: number | null;
  iterationFrequencyDays: number | null;
  enablePartialResponses: boolean;
  baseLanguage: string;
  createdAt: string;
  createdBy: SurveyUser | null;
  linkedFlag: SurveyFlag | null;
  targetingFlag: SurveyFlag | null;
  internalTargetingFlag: SurveyFlag | null;
  /** What the program declared at the last apply: fields it stops declaring are reset; others are left alone. */
  declared: Record<string, unknown>;
}
